import { describe, expect, it } from "vitest";
import { payoutDetailsChangedMail, payoutReturnedMail } from "./mail";

// Issue #45: a Seer's payout mails in their language (users.locale), English as before.

describe("the payout mails in their recipient's language", () => {
  it("tells a French Seer in French that a payout failed, the amount in French", () => {
    const mail = payoutReturnedMail({
      to: "s@example.com",
      name: "Awa",
      status: "failed",
      reason: null,
      amount: 12345,
      currency: "GHS",
      locale: "fr",
    });
    expect(mail.subject).toBe("Votre versement a échoué");
    expect(mail.text).toBe(
      "Bonjour Awa,\n\nVotre versement de 123,45\u00a0GH₵ n’a pas pu être effectué.\nMotif\u00a0: Le prestataire n’a donné aucun motif.\n\n" +
        "L’argent est de retour sur votre solde. Vérifiez vos coordonnées de versement dans l’onglet Gains de votre tableau de bord\u00a0; une fois corrigées, il vous sera versé de nouveau.",
    );
    expect(
      payoutReturnedMail({
        to: "s@example.com",
        name: "Ama",
        status: "reversed",
        reason: "Closed",
        amount: 12345,
        currency: "GHS",
      }).text,
    ).toBe(
      "Dear Ama,\n\nYour payout of GH₵123.45 was sent back by your bank or network.\nReason: Closed\n\n" +
        "The money is back on your balance. Check your payout details on the Earnings tab of your dashboard; once they are right, it is paid again.",
    );
  });

  it("dates a held change in French for a French Seer, and as before in English", () => {
    const usableFrom = new Date("2026-11-28T10:00:00Z");
    const change = { to: "s@example.com", name: "Awa", label: "MTN •••• 1234", usableFrom, first: false };
    expect(payoutDetailsChangedMail({ ...change, locale: "fr" }).text).toContain(
      "Pour votre sécurité, les versements n’y iront qu’à partir du 28 novembre 2026 à 10:00 UTC (24\u00a0heures après la modification).",
    );
    expect(payoutDetailsChangedMail(change).text).toContain(
      "For your safety, payouts go there only from Sat, 28 Nov 2026 10:00:00 GMT (24 hours after the change).",
    );
  });
});
