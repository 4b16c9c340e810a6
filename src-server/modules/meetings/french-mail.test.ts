import { describe, expect, it } from "vitest";
import { unreadMessageMail } from "./mail";

// Issue #45: the unread message mail in its reader's language (users.locale), English as before.

describe("the unread message mail in its reader's language", () => {
  it("is French for a French reader and unchanged for an English one", () => {
    const data = { senderName: "Ama Serwaa Owusu", url: "http://localhost:3000/messages/b-1" };
    const french = unreadMessageMail("c@example.com", data, "fr");
    expect(french.subject).toBe("Nouveau message de Ama Serwaa Owusu");
    expect(french.text).toBe(
      "Ama Serwaa Owusu vous a envoyé un message au sujet de votre séance sur Seer Marketplace.\n\n" +
        "Lisez-le et répondez\u00a0: http://localhost:3000/messages/b-1\n\n" +
        "Vous recevez au plus un de ces e-mails par heure pour chaque conversation.",
    );
    const english = unreadMessageMail("c@example.com", data);
    expect(english.subject).toBe("New message from Ama Serwaa Owusu");
    expect(english.text).toBe(
      "Ama Serwaa Owusu sent you a message about your session on Seer Marketplace.\n\n" +
        "Read it and reply: http://localhost:3000/messages/b-1\n\n" +
        "You get at most one of these e-mails an hour for each conversation.",
    );
  });
});
