import { describe, expect, it } from "vitest";
import { contactMessageMail } from "./mail";

// Issue #45: the contact form's mail to the admins in English as before, and in French.

const URL = "https://seer.example";
const message = { name: "Kofi", email: "kofi@example.com", subject: "Hi", message: "Hello" };

describe("the contact form's mail", () => {
  it("keeps its English", () => {
    expect(contactMessageMail("admin@example.com", message, URL)).toMatchObject({
      subject: "Contact form: Hi",
      text: "Kofi <kofi@example.com> wrote through the contact form:\n\nHello\n\nReply to this e-mail to answer them, then mark the message replied in the admin inbox: https://seer.example/admin?tab=inbox",
    });
  });

  it("is French for a French admin", () => {
    const contact = contactMessageMail("admin@example.com", message, URL, "fr");
    expect(contact.subject).toBe("Formulaire de contact\u00a0: Hi");
    expect(contact.replyTo).toBe("kofi@example.com");
    expect(contact.text).toContain("https://seer.example/fr/admin?tab=inbox");
  });
});
