import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_HEADER } from "../../../src/i18n/locales";
import { users } from "../../../db/schema";
import { createTestApp, mailedToken, signUp, trpcMutation, type TestApp } from "../../test/app";

// Issue #45: the account's mails are written in their recipient's language (users.locale).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const chooseFrench = (email: string) => t.database.db.update(users).set({ locale: "fr" }).where(eq(users.email, email));

async function resetMail(email: string) {
  const before = t.mailer.sent.length;
  await trpcMutation(t.app, "account.requestPasswordReset", { email });
  await t.app.jobs.runDue();
  const [mail] = t.mailer.sent.slice(before).filter((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

describe("the account's mails in their recipient's language", () => {
  it("mails a French reader's password reset link in French, the link working as in English", async () => {
    const { email } = await signUp(t.app, { firstName: "Awa" });
    await chooseFrench(email);
    const mail = await resetMail(email);
    expect(mail.subject).toBe("Réinitialisez votre mot de passe");
    expect(mail.text).toMatch(
      /^Bonjour Awa,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure\u00a0:\n\nhttp\S+\/fr\/reset-password\?token=\S+\n\n/,
    );
    expect(mail.text).toContain("Le lien ne fonctionne qu’une fois.");
    expect(mail.text.endsWith("\n\nL’équipe Seer")).toBe(true);
    const reset = await trpcMutation(t.app, "account.resetPassword", {
      token: mailedToken(t.app, email, "/reset-password"),
      password: "une toute nouvelle phrase 42",
    });
    expect(reset.statusCode).toBe(200);
  });

  it("leaves an English reader's reset mail exactly as it was", async () => {
    const { email } = await signUp(t.app, { firstName: "Kofi" });
    const mail = await resetMail(email);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text.replace(/token=\S+/, "token=T")).toBe(
      "Hello Kofi,\n\nTo choose a new password, open this link within one hour:\n\n" +
        `http://localhost:3000/reset-password?token=T\n\n` +
        "The link works once. Choosing a new password signs you out everywhere else.\n" +
        "If you did not ask for this, you can ignore this email: your password stays as it is.\n\nThe Seer team",
    );
  });

  it("tells a French reader in French that someone tried to sign up with their address", async () => {
    const { email } = await signUp(t.app, { firstName: "Awa" });
    await chooseFrench(email);
    const before = t.mailer.sent.length;
    await trpcMutation(t.app, "account.signUp", { email, password: "another long passphrase", firstName: "X", lastName: "Y" });
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.subject).toBe("Quelqu’un a tenté de créer un compte avec votre adresse e-mail");
    expect(mail?.text).toContain(`rendez-vous sur http://localhost:3000/fr/login\u00a0;`);
  });

  it("starts an account signed up in French in French, and mails its confirmation link in French", async () => {
    const email = "nouvelle-inscription@example.com";
    const before = t.mailer.sent.length;
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: { "content-type": "application/json", "accept-language": "fr-FR, fr;q=0.9, en;q=0.5" },
      payload: JSON.stringify({ json: { email, password: "une phrase de passe solide", firstName: "Awa", lastName: "Diallo" } }),
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
    expect(row?.locale).toBe("fr");
    const [mail] = t.mailer.sent.slice(before);
    expect(mail?.subject).toBe("Confirmez votre adresse e-mail");
    expect(mail?.text).toMatch(/^Bonjour Awa,\n\nConfirmez qu’il s’agit bien de votre adresse e-mail/);
    // The switcher's choice wins over the browser's language.
    await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: { "content-type": "application/json", "accept-language": "fr", cookie: "locale=en" },
      payload: JSON.stringify({
        json: { email: "english-choice@example.com", password: "a strong pass phrase", firstName: "Kofi", lastName: "B" },
      }),
    });
    const [english] = await t.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, "english-choice@example.com"));
    expect(english?.locale).toBe("en");
    expect(t.mailer.sent.at(-1)?.subject).toBe("Confirm your email address");
    // Made on a French page (the app sends the page's language), it is French whatever the browser prefers.
    await t.app.inject({
      method: "POST",
      url: "/trpc/account.signUp",
      headers: { "content-type": "application/json", "accept-language": "en-US", [LOCALE_HEADER]: "fr" },
      payload: JSON.stringify({
        json: { email: "page-francaise@example.com", password: "une autre phrase solide", firstName: "Awa", lastName: "K" },
      }),
    });
    const [fromPage] = await t.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, "page-francaise@example.com"));
    expect(fromPage?.locale).toBe("fr");
    expect(t.mailer.sent.at(-1)?.subject).toBe("Confirmez votre adresse e-mail");
  });
});
