import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, signUpNew } from "./support";

/** A weekday at least `days` ahead (UTC, the page's Africa/Accra), and Mantine's day label for it. */
function weekdayAhead(days: number): { iso: string; label: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  const month = d.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return { iso: d.toISOString().slice(0, 10), label: `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}` };
}

async function pickDay(page: Page, label: string): Promise<void> {
  await page.getByRole("group", { name: "Time slots" }).waitFor({ state: "attached" });
  const day = page.getByRole("button", { name: label, exact: true });
  if ((await day.count()) === 0) await page.locator('[data-direction="next"]').first().click();
  await day.click();
}

const slot = (page: Page, time: string) =>
  page.getByRole("group", { name: "Time slots" }).getByRole("button", { name: time, exact: true });

describe("after payment", () => {
  it("a client books more than 24 hours ahead, pays by card, cancels from the profile and sees the full refund", async () => {
    const page = await openPage();
    await signUpNew(page);
    await page.goto("/seers");
    await page.getByTestId("seer-card").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" }).first().click();
    await page.waitForURL(/\/seers\/[^/]+$/);
    await page.getByRole("link", { name: /30 Minutes/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/book/"));
    await expect.poll(() => page.getByText("30 Minute Session with Babaláwo Adéwálé Ifáyemí · $55.00").count()).toBe(1);

    const day = weekdayAhead(3);
    await pickDay(page, day.label);
    await expect.poll(() => slot(page, "14:00").isEnabled()).toBe(true);
    await slot(page, "14:00").click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("textbox", { name: "Card number" }).fill("4242 4242 4242 4242");
    await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
    await page.getByRole("textbox", { name: "CVC" }).fill("123");
    await page.getByRole("button", { name: "Pay $55.00" }).click();
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();

    await page.goto("/profile");
    const upcoming = page.getByTestId("consultation").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" });
    await upcoming.waitFor();
    await expect.poll(() => upcoming.getByText("Confirmed", { exact: true }).isVisible()).toBe(true);
    const calendar = await page.request.get(
      (await upcoming.getByRole("link", { name: "Add to Calendar" }).getAttribute("href")) ?? "",
    );
    expect(calendar.status()).toBe(200);
    expect(await calendar.text()).toContain(`DTSTART:${day.iso.replaceAll("-", "")}T140000Z`);

    await upcoming.getByRole("button", { name: "Cancel Booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this consultation?" });
    await expect
      .poll(() => dialog.getByTestId("refund-amount").textContent())
      .toBe("You will be refunded $55.00 of the $55.00 you paid.");
    await dialog.getByRole("textbox", { name: "Reason (optional)" }).fill("Plans changed");
    await dialog.getByRole("button", { name: "Cancel Booking" }).click();
    await expect.poll(() => page.getByText("$55.00 will be refunded to your card.").count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expect.poll(() => page.getByRole("tab", { name: "Upcoming (0)" }).count()).toBe(1);
    await page.getByRole("tab", { name: "Past (1)" }).click();
    const past = page.getByTestId("consultation").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" });
    await expect.poll(() => past.getByText("Cancelled", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => past.getByTestId("refund").textContent()).toBe("Refunded $55.00");
    await expect.poll(() => past.getByText(/^Cancelled by you on /).isVisible()).toBe(true);

    expect(page.consoleErrors).toEqual([]);
  });
});
