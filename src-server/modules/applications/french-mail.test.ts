import { describe, expect, it } from "vitest";
import { applicationDecisionEmail } from "./mail";

// Issue #45: the decision on an application in the applicant's language (users.locale), English as before.

describe("the application decision mail in the applicant's language", () => {
  const applicant = { fullName: "Awa Diallo", contactEmail: "awa@example.com" };

  it("tells a French applicant of a refusal in French, with the team's notes", () => {
    const mail = applicationDecisionEmail(applicant, "rejected", "Merci.", "http://localhost:3000", "fr");
    expect(mail.subject).toBe("Votre candidature de Seer");
    expect(mail.text).toBe(
      "Bonjour Awa Diallo,\n\nMerci d’avoir postulé pour devenir Seer. Après un examen attentif, nous ne pouvons pas accepter votre candidature pour le moment." +
        "\n\nNotes de notre équipe\u00a0:\nMerci.\n\nVous pouvez postuler de nouveau sur http://localhost:3000/fr/become-seer.\n\nAvec respect,\nL’équipe Seer",
    );
  });

  it("leaves the English approval as it was", () => {
    const mail = applicationDecisionEmail(applicant, "approved", null, "http://localhost:3000");
    expect(mail.subject).toBe("Your Seer application has been approved");
    expect(mail.text).toBe(
      "Dear Awa Diallo,\n\nCongratulations: your application to become a Seer has been approved. Your profile now appears in our directory " +
        "and your Seer dashboard is ready at http://localhost:3000/seer/dashboard.\n\nWith gratitude,\nThe Seer team",
    );
  });
});
