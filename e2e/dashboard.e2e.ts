import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoSeers, seerPortraitUrl } from "../db/seed/data/seers";
import { baseUrl, openPage, seriousViolations, signInAs } from "./support";

const WAIT = { timeout: 15_000 };
const demoSeer = (() => {
  const found = demoSeers.find((s) => s.key === "demo");
  if (!found) throw new Error("No demo Seer");
  return found;
})();

/** The first Monday after today (UTC, the page's Africa/Accra), and Mantine's day label for it. */
function nextMonday(): { date: Date; label: string } {
  const d = new Date();
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 1);
  const month = d.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return { date: d, label: `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}` };
}

async function pickDay(page: Page, label: string): Promise<void> {
  await page.getByRole("heading", { name: "Select a Date" }).waitFor();
  const day = page.getByRole("button", { name: label, exact: true });
  if ((await day.count()) === 0) await page.locator('[data-direction="next"]').first().click();
  await day.click();
}

const toast = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).count(), WAIT).toBeGreaterThan(0);

/** Puts the demo Seer back as seeded, through the Seer's own doors, so that other journeys see the demo data. */
async function restore(page: Page, seerId: string): Promise<void> {
  const headers = { origin: baseUrl(), "content-type": "application/json" };
  const tz = await page.request.put(`/api/seers/${seerId}/timezone`, { headers, data: { timezone: demoSeer.timezone } });
  expect(tz.status()).toBe(200);
  const trpc = (procedure: string, json: unknown) => page.request.post(`/trpc/${procedure}`, { headers, data: { json } });
  const days = { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [], ...demoSeer.availability };
  expect((await trpc("seerDashboard.updateAvailability", { days })).status()).toBe(200);
  const s = demoSeer;
  const profile = {
    price15Min: s.price15Min ?? "",
    price30Min: s.price30Min,
    price60Min: s.price60Min,
    languages: s.languages,
    specializations: s.specializations,
    biography: s.biography,
    tradition: s.tradition,
    country: s.country,
    yearsOfPractice: s.yearsOfPractice,
    profileImageUrl: s.portrait ? seerPortraitUrl(s) : "",
  };
  expect((await trpc("seerDashboard.updateProfile", profile)).status()).toBe(200);
}

describe("Seer dashboard journey", () => {
  it("the demo Seer works their dashboard; a client then sees the new price and no Monday slots", async () => {
    const seer = await openPage();
    await signInAs(seer, "seer", "/seer/dashboard");
    await expect.poll(() => seer.getByRole("heading", { name: "Seer Dashboard" }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => seer.getByText("After 20% platform fee").isVisible()).toBe(true);

    // An upcoming confirmed session with its meeting room, which opens in the app.
    await expect.poll(() => seer.getByRole("link", { name: "Join Meeting Room" }).count(), WAIT).toBeGreaterThan(0);
    expect(await seer.getByRole("link", { name: "Join Meeting Room" }).first().getAttribute("href")).toMatch(/^\/meeting\//);

    // Earnings, filtered to the last 30 days.
    await seer.getByRole("tab", { name: "Earnings" }).click();
    await seer.getByRole("table", { name: "Earnings by session" }).waitFor();
    const allRows = await seer.getByRole("table", { name: "Earnings by session" }).getByRole("row").count();
    await seer.locator("label", { hasText: "Last 30 Days" }).click();
    await expect.poll(() => seer.getByRole("radio", { name: "Last 30 Days" }).isChecked(), WAIT).toBe(true);
    await expect
      .poll(() => seer.getByRole("table", { name: "Earnings by session" }).getByRole("row").count(), WAIT)
      .toBeLessThan(allRows);
    expect(await seer.getByRole("table", { name: "Earnings by session" }).getByRole("row").count()).toBeGreaterThan(1);
    await expect.poll(() => seer.getByText("You keep 80%").isVisible(), WAIT).toBe(true);

    // Timezone to Lagos.
    await seer.getByRole("tab", { name: "Availability" }).click();
    await seer.getByRole("combobox", { name: "Timezone" }).selectOption({ label: "Lagos" });
    await toast(seer, "Timezone updated");

    // Mondays closed.
    await seer.getByRole("button", { name: "Close day Monday" }).click();
    expect(await seer.getByRole("checkbox", { name: "Monday 10:00" }).isChecked()).toBe(false);
    await seer.getByRole("button", { name: "Save Availability" }).click();
    await toast(seer, "Availability saved");

    const violations = await seriousViolations(seer, "Availability tab");
    await seer.getByRole("tab", { name: "Earnings" }).click();
    await seer.getByRole("table", { name: "Earnings by session" }).waitFor();
    violations.push(...(await seriousViolations(seer, "Earnings tab")));
    await seer.getByRole("tab", { name: /^Past/ }).click();
    await seer.getByText("Completed").first().waitFor();
    violations.push(...(await seriousViolations(seer, "Past tab")));

    // A 15-minute price.
    await seer.getByRole("tab", { name: "Profile" }).click();
    violations.push(...(await seriousViolations(seer, "Profile tab")));
    await seer.getByRole("button", { name: "Update Profile" }).click();
    await seer.getByRole("textbox", { name: "15 Minute Price" }).waitFor();
    violations.push(...(await seriousViolations(seer, "Profile form")));
    expect(violations).toEqual([]);
    await seer.getByRole("textbox", { name: "15 Minute Price" }).fill("35");
    await seer.getByRole("button", { name: "Save Profile" }).click();
    await toast(seer, "Profile updated");
    await expect.poll(() => seer.getByText("15 minutes: $35.00").isVisible(), WAIT).toBe(true);
    expect(seer.consoleErrors).toEqual([]);

    // A client sees the new price on the profile and no Monday slots in the wizard.
    const client = await openPage();
    await signInAs(client, "client", "/seers");
    await client.getByTestId("seer-card").filter({ hasText: "Nana Akosua Boateng" }).first().click();
    await client.waitForURL((url) => url.pathname.startsWith("/seers/") && url.pathname !== "/seers/");
    const seerId = new URL(client.url()).pathname.split("/").pop() ?? "";
    const quick = client.getByRole("link", { name: /15 Minutes/ });
    await expect.poll(() => quick.textContent(), WAIT).toContain("$35.00");
    await quick.click();
    await client.waitForURL((url) => url.pathname === `/book/${seerId}`);

    await pickDay(client, nextMonday().label);
    // No Monday time can be chosen: the day says the Seer is not available, or shows only times already taken (a
    // confirmed booking the Seer kept when closing Mondays: the demo data has one on some weeks' Monday).
    const slots = client.getByRole("group", { name: "Time slots" }).getByRole("button");
    await expect
      .poll(
        async () =>
          (await client.getByText("The Seer is not available on this day. Please choose another date.").isVisible()) ||
          ((await slots.count()) > 0 && (await slots.evaluateAll((all) => all.every((b) => (b as HTMLButtonElement).disabled)))),
        WAIT,
      )
      .toBe(true);
    expect(await client.getByRole("group", { name: "Time slots" }).getByRole("button", { disabled: false }).count()).toBe(0);
    // The Tuesday after is open: 09:00-18:00 in Lagos is 08:00-17:00 for this client in Accra (UTC).
    const tuesday = new Date(nextMonday().date.getTime() + 86_400_000);
    const tuesdayLabel = `${tuesday.getUTCDate()} ${tuesday.toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${tuesday.getUTCFullYear()}`;
    const tuesdaySlots = client.waitForResponse(
      (r) => r.url().includes("bookings.takenSlots") && r.url().includes(tuesday.toISOString().slice(0, 10)),
    );
    await pickDay(client, tuesdayLabel);
    const tuesdayAnswer = await tuesdaySlots;
    const tuesdayBody = `${tuesdayAnswer.status()} ${await tuesdayAnswer.text()}`;
    await expect
      .poll(() => client.getByRole("group", { name: "Time slots" }).getByRole("button").first().textContent(), WAIT)
      .toBe("09:00");
    const shown = await client.getByRole("group", { name: "Time slots" }).getByRole("button").allTextContents();
    expect(shown.at(-1), `slots ${shown.join(" ")}; server said ${tuesdayBody}`).toBe("17:00");
    expect(client.consoleErrors).toEqual([]);

    await restore(seer, seerId);
  });
});
