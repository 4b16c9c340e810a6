import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, signUpNew, tomorrowLabel } from "./support";

/**
 * Keyboard only (issue #19): after the page is opened, every step is a key press: Tab to reach a control, Enter or
 * Space to use it, arrows inside the calendar, typing into fields. A control that Tab never reaches fails the test.
 */
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

/** Tab into the calendar (onto its one tabbable day), then the arrows to the wanted day, then Enter. */
async function chooseDay(page: Page, label: string): Promise<void> {
  const isDay = /^\d{1,2} [A-Z][a-z]+ \d{4}$/;
  // The calendar arrives with the wizard's step (loaded on its own): wait for it before asking whether the day is shown.
  await page.getByRole("button", { name: isDay }).first().waitFor();
  const day = page.getByRole("button", { name: label, exact: true });
  if ((await day.count()) === 0) {
    await tabTo(page, page.getByRole("button", { name: "Next month" }));
    await page.keyboard.press("Enter");
    await day.waitFor();
  }
  for (let presses = 0; presses < 120 && !isDay.test(await focusedLabel(page)); presses++) await page.keyboard.press("Tab");
  for (let presses = 0; presses < 45 && (await focusedLabel(page)) !== label; presses++) await page.keyboard.press("ArrowRight");
  expect(await focusedLabel(page)).toBe(label);
  await page.keyboard.press("Enter");
  await expect.poll(() => day.getAttribute("data-selected")).toBe("true");
}

async function payByKeyboard(page: Page): Promise<void> {
  await tabTo(page, page.getByRole("textbox", { name: "Card number" }));
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12/34");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await tabTo(page, page.getByRole("button", { name: /^Pay / }));
  await page.keyboard.press("Enter");
}

describe("keyboard only", () => {
  it("books a consultation from a Seer's profile and pays, with Tab, Enter, the arrows and typing", async () => {
    const page = await openPage();
    await signUpNew(page);
    const seers = (await (await page.request.get("/api/seers")).json()) as { id: string; fullName: string }[];
    const seer = seers.find((s) => s.fullName === "Babaláwo Adéwálé Ifáyemí");
    if (!seer) throw new Error("the demo data needs the Ifá Seer");
    await page.goto(`/seers/${seer.id}`);

    await tabTo(page, page.getByRole("link", { name: /30 Minutes/ }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `/book/${seer.id}` && url.searchParams.get("session") === "30min");

    await chooseDay(page, tomorrowLabel());
    // The last free time of the day, so that the other journeys' times stay free.
    const free = page.getByRole("group", { name: "Time slots" }).locator("button:not([disabled])");
    await expect.poll(() => free.count()).toBeGreaterThan(0);
    const chosen = free.last();
    await tabTo(page, chosen);
    await page.keyboard.press("Enter");
    await expect.poll(() => chosen.getAttribute("aria-pressed")).toBe("true");
    await tabTo(page, page.getByRole("button", { name: "Continue", exact: true }));
    await page.keyboard.press("Enter");

    await tabTo(page, page.getByRole("textbox", { name: "Session Notes (Optional)" }));
    await page.keyboard.type("Typed without a mouse.");
    await tabTo(page, page.getByRole("button", { name: "Continue to Payment" }));
    await page.keyboard.press("Enter");
    await payByKeyboard(page);

    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    expect(page.consoleErrors).toEqual([]);
    await page.context().close();
  });

  it("adds a product to the cart and checks out, with Tab, Enter, the arrows and typing", async () => {
    const page = await openPage();
    await signUpNew(page, "/shop");

    const card = page.getByTestId("product-card").first();
    await tabTo(page, card.getByRole("button", { name: "Add to Cart" }));
    await page.keyboard.press("Enter");
    await page.getByText("Product has been added to your cart").first().waitFor();

    // Back up to the header's cart link.
    await tabTo(page, page.getByRole("link", { name: "Cart, 1 items" }), "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/cart");
    await tabTo(page, page.getByRole("link", { name: "Proceed to Checkout" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/checkout");

    const fields: [string, string][] = [
      ["Full Name", "Kofi Keys"],
      ["Email", "kofi@example.com"],
      ["Phone", "+233 24 000 0001"],
      ["Shipping Address", "7 Kente Road, Accra, Ghana"],
    ];
    for (const [name, value] of fields) {
      await tabTo(page, page.getByRole("textbox", { name, exact: true }));
      await page.keyboard.type(value);
    }
    const express = page.getByRole("radio", { name: "Express Shipping ($25)" });
    await tabTo(page, page.getByRole("radio", { checked: true }));
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => express.isChecked()).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Continue to Payment" }));
    await page.keyboard.press("Enter");
    await payByKeyboard(page);

    await page.getByRole("heading", { name: "Order Placed Successfully!" }).waitFor();
    expect(page.consoleErrors).toEqual([]);
    await page.context().close();
  });
});
