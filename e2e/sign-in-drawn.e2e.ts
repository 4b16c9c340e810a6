import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS } from "../scripts/lib/serve";
import { baseUrl, cartQuantity, CHROMIUM, demo, nextTotpCode, openPage } from "./support";

// Issue #39, "Done when": with JavaScript turned off, tapping Add to Cart leads to sign-in, and after signing in the
// item is in the cart. The server draws the sign-in page (src-server/modules/pages) and its form posts to /login
// (src-server/modules/account/sign-in-form.ts), which returns to the address that adds the item.

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser.close();
});

/** A phone-sized page with JavaScript turned off, in a fresh context (no cookies). */
async function withoutJavaScript(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    timezoneId: "Africa/Accra",
    locale: "en-US",
    javaScriptEnabled: false,
  });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}


describe("signing in with JavaScript turned off", () => {
  it("Add to Cart leads to the drawn sign-in page; a wrong password is said there; signing in puts the item in the cart", async () => {
    const page = await withoutJavaScript();
    await page.goto("/shop");
    const card = page.getByTestId("product-card").filter({ has: page.getByRole("button", { name: "Add to Cart" }) }).first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    expect(name).not.toBe("");
    const before = await cartQuantity(name);

    await card.getByRole("button", { name: "Add to Cart" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toMatch(/^\/cart\/add\?productId=[^&]+&quantity=1&locale=en$/);
    await expect.poll(() => page.getByRole("heading", { name: "Welcome back" }).isVisible()).toBe(true);

    // A wrong password comes back to the drawn page, with the product's text and the way back kept.
    await page.getByRole("textbox", { name: "Email" }).fill(demo.client.email);
    await page.getByRole("textbox", { name: "Password" }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "invalid");
    expect(await page.getByRole("alert").textContent()).toBe("Invalid email or password");
    expect(new URL(page.url()).searchParams.get("returnTo")).toMatch(/^\/cart\/add\?productId=/);

    await page.getByRole("textbox", { name: "Email" }).fill(demo.client.email);
    await page.getByRole("textbox", { name: "Password" }).fill(demo.client.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    expect(await cartQuantity(name)).toBe(before + 1);
    await page.context().close();
  });
});

describe("the second step with JavaScript turned off (issue #47)", () => {
  it("asks an account with an authenticator app for its code on the drawn page, says a wrong one, and signs in", async () => {
    const page = await withoutJavaScript();
    await page.goto("/login?returnTo=%2Fprofile");
    await page.getByRole("textbox", { name: "Email" }).fill(demo.admin.email);
    await page.getByRole("textbox", { name: "Password" }).fill(demo.admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("second") === "totp");
    expect(await page.locator("form[action='/login/code']").count()).toBe(1);

    await page.getByRole("textbox", { name: "Code" }).fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.searchParams.get("error") === "code");
    expect(await page.getByRole("alert").textContent()).toBe("That code is not right. Try again.");

    await page.getByRole("textbox", { name: "Code" }).fill(await nextTotpCode(demo.admin.totpSecret ?? ""));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname === "/profile");
    await page.context().close();
  });
});

describe("the drawn sign-in page with the app's code", () => {
  it("is taken over without an error and signs in through the app, as before", async () => {
    const page = await openPage({ width: 360 });
    await page.goto("/login?returnTo=%2Fshop");
    expect(await page.locator("#root form[action='/login']").count()).toBe(1);
    await page.getByRole("textbox", { name: "Email" }).fill(demo.client.email);
    await page.getByRole("textbox", { name: "Password" }).fill(demo.client.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/shop");
    expect(page.consoleErrors).toEqual([]);
    await page.context().close();
  });
});
