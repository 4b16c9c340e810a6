import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES, formatMinor, fromUsdCents, parseRate } from "../src/domain/currencies";
import { APPROVE_ON_PHONE } from "../src/domain/mobile-money";
import { openPage, signUpNew } from "./support";

// Issue #41, docs/product.md#mobile-money: a client on a slow phone (CPU 4x slower, 1.6 Mbit/s, 360 px touch) pays
// for a session in cedis by mobile money, approving the prompt on the test mode's phone.

/** A weekday at least `days` ahead (UTC, the page's Africa/Accra), as Mantine labels its day. */
function weekdayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  const month = d.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

async function pickDay(page: Page, label: string): Promise<void> {
  await page.getByRole("group", { name: "Time slots" }).waitFor({ state: "attached" });
  const day = page.getByRole("button", { name: label, exact: true });
  if ((await day.count()) === 0) await page.locator('[data-direction="next"]').first().click();
  await day.tap();
}

const slot = (page: Page, time: string) =>
  page.getByRole("group", { name: "Time slots" }).getByRole("button", { name: time, exact: true });

describe("mobile money", () => {
  it("a client on a phone books 30 minutes, pays in cedis by mobile money, approves on the test phone, and is booked", async () => {
    const page = await openPage({ phone: "slow" });
    await signUpNew(page);
    await page.goto("/seers");
    await page.getByTestId("seer-card").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" }).first().tap();
    await page.waitForURL(/\/seers\/[^/]+$/);
    await page.getByRole("link", { name: /30 Minutes/ }).tap();
    await page.waitForURL((url) => url.pathname.startsWith("/book/"));
    await expect.poll(() => page.getByText("30 Minute Session with Babaláwo Adéwálé Ifáyemí · $55.00").count()).toBe(1);

    await pickDay(page, weekdayAhead(5));
    await expect.poll(() => slot(page, "15:00").isEnabled()).toBe(true);
    await slot(page, "15:00").tap();
    await page.getByRole("button", { name: "Continue", exact: true }).tap();
    await page.getByRole("button", { name: "Continue to Payment" }).tap();

    await page.getByRole("radio", { name: "Mobile money or local card" }).tap();
    await page.getByRole("combobox", { name: "Pay in" }).selectOption({ label: "Ghanaian cedi (GHS)" });
    // The demo's rate: $55.00 at 14.42 cedis to the dollar.
    const cedis = formatMinor(fromUsdCents(5500, parseRate("GHS", DEFAULT_RATES.GHS)), "GHS");
    await page.getByText(`You pay ${cedis} ($55.00)`, { exact: true }).waitFor();

    await page.getByRole("textbox", { name: "Mobile money number" }).fill("024 412 1234");
    await page.getByRole("button", { name: "Send payment prompt" }).tap();
    await page.getByText(APPROVE_ON_PHONE, { exact: true }).waitFor();
    const testPhone = page.getByRole("region", { name: "Test phone" });
    await testPhone.getByText("Test mode: a number ending in 0000 declines at once.").waitFor();
    await testPhone.getByRole("button", { name: "Approve" }).tap();

    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/booking\/success\/pi_/);
    expect(page.consoleErrors).toEqual([]);
  });
});
