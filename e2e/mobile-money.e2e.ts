import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATES, formatMinor, fromUsdCents, parseRate } from "../src/domain/currencies";
import { APPROVE_ON_PHONE, PROMPT_DECLINED } from "../src/domain/mobile-money";
import { addCents, cents, formatMoney, toCents } from "../src/domain/money";
import { openPage, signUpNew } from "./support";

// Issue #41, docs/product.md#mobile-money: a client on a slow phone (CPU 4x slower, 1.6 Mbit/s, 360 px touch) pays
// for a session, then for a shop order, in cedis by mobile money, answering the prompt on the test mode's phone.

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

interface ListedProduct {
  name: string;
  price: string;
  stockQuantity: number;
}

/** The demo's rate: US cents to what the client pays in cedis (14.42 to the dollar), as the page writes it. */
const inCedis = (usdCents: number) => formatMinor(fromUsdCents(usdCents, parseRate("GHS", DEFAULT_RATES.GHS)), "GHS");

const slot = (page: Page, time: string) =>
  page.getByRole("group", { name: "Time slots" }).getByRole("button", { name: time, exact: true });

describe("mobile money", () => {
  it("a client on a phone books 30 minutes, pays in cedis by mobile money, approves on the test phone, and is booked", async () => {
    const page = await openPage({ phone: "slow" });
    await signUpNew(page);
    await page.goto("/seers");
    // The client chooses cedis (in the menu, on a phone when signed in): prices read in them, as they will be charged.
    await page.getByRole("button", { name: "Open menu" }).tap();
    // The menu's own picker: the header's, hidden on a phone for a signed-in person, is the same control.
    await page.locator("#mobile-menu").getByRole("combobox", { name: "Currency" }).selectOption("GHS");
    await page.getByRole("button", { name: "Close menu" }).tap();
    await page.getByTestId("seer-card").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" }).first().tap();
    await page.waitForURL(/\/seers\/[^/]+$/);
    await page.getByRole("link", { name: /30 Minutes/ }).filter({ hasText: inCedis(5500) }).waitFor();
    await page.getByRole("link", { name: /30 Minutes/ }).tap();
    await page.waitForURL((url) => url.pathname.startsWith("/book/"));
    await expect.poll(() => page.getByText("30 Minute Session with Babaláwo Adéwálé Ifáyemí · $55.00").count()).toBe(1);

    await pickDay(page, weekdayAhead(5));
    await expect.poll(() => slot(page, "15:00").isEnabled()).toBe(true);
    await slot(page, "15:00").tap();
    await page.getByRole("button", { name: "Continue", exact: true }).tap();
    await page.getByRole("button", { name: "Continue to Payment" }).tap();

    // Offered first in the header's currency: mobile money in cedis, at the demo's rate ($55.00 at 14.42 to the dollar).
    expect(await page.getByRole("radio", { name: "Mobile money or local card" }).isChecked()).toBe(true);
    await page.getByText(`You pay ${inCedis(5500)} ($55.00)`, { exact: true }).waitFor();

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

  it("a client on a phone orders two products, pays in cedis by mobile money, declines once, tries again, approves, and the order is placed", async () => {
    const page = await openPage({ phone: "slow" });
    await signUpNew(page, "/shop");
    const listed = (await (await page.request.get("/api/products")).json()) as ListedProduct[];
    const [first, second] = listed.filter((p) => p.stockQuantity >= 2);
    if (!first || !second) throw new Error("the demo data needs two products in stock");

    for (const product of [first, second]) {
      const card = page.getByTestId("product-card").filter({ hasText: product.name });
      await card.getByRole("button", { name: "Add to Cart" }).tap();
      await page.getByText("Product has been added to your cart").first().waitFor();
      await expect.poll(() => card.getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
    }
    await page.goto("/cart");
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
    await page.getByRole("link", { name: "Proceed to Checkout" }).tap();
    await page.waitForURL((url) => url.pathname === "/checkout");

    await page.getByRole("textbox", { name: "Full Name" }).fill("Esi Tester");
    await page.getByRole("textbox", { name: "Email" }).fill("esi@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("+233 24 000 0000");
    await page.getByRole("textbox", { name: "Shipping Address" }).fill("4 Cocoa Lane\nKumasi\nGhana");
    // Standard shipping: $10.
    const totalCents = addCents(toCents(first.price), toCents(second.price), cents(1000));
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatMoney(totalCents));
    await page.getByRole("button", { name: "Continue to Payment" }).tap();

    await page.getByRole("heading", { name: "Payment Information" }).waitFor();
    await page.getByRole("radio", { name: "Mobile money or local card" }).tap();
    await page.getByRole("combobox", { name: "Pay in" }).selectOption({ label: "Ghanaian cedi (GHS)" });
    await page.getByText(`You pay ${inCedis(totalCents)} (${formatMoney(totalCents)})`, { exact: true }).waitFor();

    const testPhone = page.getByRole("region", { name: "Test phone" });
    await page.getByRole("textbox", { name: "Mobile money number" }).fill("024 412 1234");
    await page.getByRole("button", { name: "Send payment prompt" }).tap();
    await page.getByText(APPROVE_ON_PHONE, { exact: true }).waitFor();
    await testPhone.getByRole("button", { name: "Decline" }).tap();
    await page.getByRole("alert").filter({ hasText: "Payment Failed" }).getByText(PROMPT_DECLINED).waitFor();

    await page.getByRole("button", { name: "Try again" }).tap();
    await page.getByText(APPROVE_ON_PHONE, { exact: true }).waitFor();
    await testPhone.getByRole("button", { name: "Approve" }).tap();

    await page.getByRole("heading", { name: "Order Placed Successfully!" }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/order\/success\/pi_/);
    expect(page.consoleErrors).toEqual([]);
  });
});
