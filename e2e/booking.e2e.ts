import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demo, openPage, signUpNew, tomorrowLabel } from "./support";

async function pickTomorrow(page: Page): Promise<void> {
  await page.getByRole("group", { name: "Time slots" }).waitFor();
  const day = page.getByRole("button", { name: tomorrowLabel(), exact: true });
  // Tomorrow may be in next month's page of the calendar.
  if ((await day.count()) === 0) await page.locator('[data-direction="next"]').first().click();
  await day.click();
}

const slot = (page: Page, time: string) =>
  page.getByRole("group", { name: "Time slots" }).getByRole("button", { name: time, exact: true });

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByRole("textbox", { name: "Card number" }).fill(card);
  await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
  await page.getByRole("textbox", { name: "CVC" }).fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

describe("booking journey", () => {
  it("a visitor chooses 60 minutes, signs in, books tomorrow at 10:00, pays and opens the meeting room; the slot is then taken; a declined card re-enables the form", async () => {
    const page = await openPage();
    // Not the demo Seer account, so that the dashboard journeys' counts stay as seeded.
    await page.goto("/seers");
    await page.getByTestId("seer-card").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" }).first().click();
    await page.waitForURL(/\/seers\/[^/]+$/);
    await page.getByRole("link", { name: /60 Minutes/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/book/") && url.searchParams.get("session") === "60min");
    const bookPath = new URL(page.url()).pathname;

    // Asked to log in, then sent to the sign-in screen, which brings the visitor back.
    await expect.poll(() => page.getByText("Please log in to book a consultation").count()).toBeGreaterThan(0);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("textbox", { name: "Email" }).fill(demo.client.email);
    await page.getByRole("textbox", { name: "Password" }).fill(demo.client.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === bookPath && url.searchParams.get("session") === "60min");
    await expect.poll(() => page.getByText(/60 Minute Session with Babaláwo Adéwálé Ifáyemí/).count()).toBe(1);

    await pickTomorrow(page);
    await expect.poll(() => slot(page, "10:00").isEnabled()).toBe(true);
    await slot(page, "10:00").click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("textbox", { name: "Session Notes (Optional)" }).fill("Guidance for a new venture.");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await payWith(page, "4242 4242 4242 4242");

    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    await expect.poll(() => page.getByText("Payment Confirmed").isVisible()).toBe(true);
    await page.getByRole("link", { name: "View Meeting Room" }).click();
    await page.waitForURL(/\/meeting\/[^/]+$/);
    await page.getByRole("heading", { name: "Consultation Meeting Room" }).waitFor();
    // Tomorrow's room is not open yet: the page says when it opens, and Join waits.
    await page.getByText(/^The room opens at /).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Join" }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText("Guidance for a new venture.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("60 minutes").isVisible()).toBe(true);

    // Another client sees the slot taken.
    const other = await openPage();
    await signUpNew(other);
    await other.goto(`${bookPath}?session=60min`);
    await pickTomorrow(other);
    await expect.poll(() => slot(other, "12:00").isEnabled()).toBe(true);
    await expect.poll(() => slot(other, "10:00").isDisabled()).toBe(true);

    // A declined card says so and leaves the form ready for another card.
    await slot(other, "12:00").click();
    await other.getByRole("button", { name: "Continue", exact: true }).click();
    await other.getByRole("button", { name: "Continue to Payment" }).click();
    await payWith(other, "4000 0000 0000 0002");
    await other.getByText("Payment Failed").waitFor();
    await expect.poll(() => other.getByText("Your card was declined.").isVisible()).toBe(true);
    await expect.poll(() => other.getByRole("button", { name: /^Pay / }).isEnabled()).toBe(true);
    expect(page.consoleErrors).toEqual([]);
    expect(other.consoleErrors).toEqual([]);
  });
});
