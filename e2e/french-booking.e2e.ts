import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, mailedLink, openPage } from "./support";

// Issue #45: a francophone client books and pays in French, from the wizard to the success page, the app's catalog
// fetched by the browser for these screens the server does not draw, then reads the booking on /fr/profile.

/** A weekday at least two days ahead (UTC, the page's Africa/Accra), as Mantine names its day in French. */
function frenchDayAhead(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  const month = d.toLocaleString("fr-FR", { month: "long", timeZone: "UTC" });
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

/** A new account made through the French sign-up page, its address confirmed, signed in. */
async function signUpInFrench(page: Page): Promise<void> {
  const email = `e2e-fr-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto("/fr/login?returnTo=%2F&mode=signup");
  await page.getByRole("heading", { level: 1, name: "Créez votre compte" }).waitFor();
  await page.getByRole("textbox", { name: "Prénom" }).fill("Awa");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Diop");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Mot de passe" }).fill("a long e2e password");
  await page.getByRole("button", { name: "Créer le compte" }).click();
  await page.getByText("Consultez vos e-mails").first().waitFor();
  // The account was made on a French page, so it is French and its mail links to the French address, whatever the
  // browser (English here) prefers.
  await page.goto(await mailedLink(email, "/fr/verify-email"));
  await page.getByRole("heading", { level: 1, name: "Confirmez votre e-mail" }).waitFor();
  await page.getByText("E-mail confirmé").waitFor();
}

describe("booking in French", () => {
  it("a client books 30 minutes and pays by card in French, then finds the consultation on /fr/profile", async () => {
    const seers = (await (await fetch(`${baseUrl()}/api/seers`)).json()) as { id: string; fullName: string }[];
    // The booking journey's Seer, who offers 30 minutes (not the demo Seer account, whose dashboard counts are seeded).
    const seer = seers.find((s) => s.fullName === "Babaláwo Adéwálé Ifáyemí");
    if (!seer) throw new Error("The demo data has no Babaláwo Adéwálé Ifáyemí");
    const page = await openPage();
    await signUpInFrench(page);
    await page.goto(`/fr/book/${seer.id}?session=30min`);
    await page.getByRole("heading", { level: 1, name: "Réserver une consultation" }).waitFor();
    await expect.poll(() => page.getByText(`Séance de 30 minutes avec ${seer.fullName}`, { exact: false }).count()).toBe(1);

    const slots = page.getByRole("group", { name: "Créneaux horaires" });
    await slots.waitFor({ state: "attached" });
    const day = page.getByRole("button", { name: frenchDayAhead(), exact: true });
    if ((await day.count()) === 0) await page.getByRole("button", { name: "Mois suivant" }).click();
    await day.click();
    const free = slots.getByRole("button", { disabled: false }).first();
    await free.waitFor();
    await free.click();
    await page.getByRole("button", { name: "Continuer", exact: true }).click();
    await page.getByRole("heading", { name: "Vérifiez votre réservation" }).waitFor();
    await page.getByRole("button", { name: "Passer au paiement" }).click();

    await page.getByRole("textbox", { name: "Numéro de carte" }).fill("4242 4242 4242 4242");
    await page.getByRole("textbox", { name: "Expiration (MM/AA)" }).fill("12/34");
    await page.getByRole("textbox", { name: "CVC" }).fill("123");
    await page.getByRole("button", { name: /^Payer / }).click();

    await page.getByRole("heading", { level: 1, name: /^Réservation confirmée/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/fr\/booking\/success\//);
    await expect.poll(() => page.getByText("Paiement confirmé").isVisible()).toBe(true);
    await page.getByRole("region", { name: "Votre réservation" }).getByText("30 minutes").waitFor();

    await page.goto("/fr/profile");
    await page.getByRole("heading", { name: "Mes consultations" }).waitFor();
    const card = page.getByTestId("consultation").filter({ hasText: seer.fullName });
    await card.getByText("Confirmée").waitFor();
    await card.getByRole("button", { name: "Annuler la réservation" }).waitFor();
    expect(page.consoleErrors).toEqual([]);
  });
});
