import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, signInAs } from "./support";

const cardNames = async (page: Page) =>
  (await page.getByTestId("seer-card").getByRole("heading").allTextContents()).map((t) => t.trim());

/** The journeys of issue #19: finding things, addresses that hold a view, and errors said where they happen. */
describe("finding one's way", () => {
  it("reaches an article from the home page through the navigation, and each page has its own title", async () => {
    const page = await openPage();
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wisdom Hub" }).click();
    await page.waitForURL((url) => url.pathname === "/wisdom");
    await expect.poll(() => page.title()).toBe("Wisdom Hub · Seer");
    const article = page.locator('main a[href^="/wisdom/"]').first();
    await article.waitFor();
    await article.click();
    await page.waitForURL(/\/wisdom\/[^/]+$/);
    // The address changes before the article replaces the hub: read the heading once its body is shown.
    await page.getByTestId("article-body").waitFor();
    const heading = page.getByRole("heading", { level: 1 });
    const title = (await heading.textContent())?.trim() ?? "";
    expect(title.length).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe(`${title} · Seer`);
    // The focus moved to the new page's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await page.context().close();
  });

  it("finds the Ifá Seer when searching 'ifa', and a filtered directory address shows the same list in a new page", async () => {
    const page = await openPage();
    await page.goto("/seers");
    await page.getByRole("textbox", { name: "Search" }).fill("ifa");
    await expect.poll(() => cardNames(page)).toContain("Babaláwo Adéwálé Ifáyemí");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("ifa");

    await page.goto("/seers?country=Nigeria");
    await expect.poll(async () => (await cardNames(page)).length).toBeGreaterThan(0);
    const names = await cardNames(page);
    const fresh = await openPage();
    await fresh.goto("/seers?country=Nigeria");
    await expect.poll(() => cardNames(fresh)).toEqual(names);
    await page.context().close();
    await fresh.context().close();
  });

  it("goes Back from the wizard's review to the date step, and says a declined card next to the card form", async () => {
    const page = await openPage();
    await signInAs(page, "client");
    await page.goto("/seers?q=ifa");
    await page.getByTestId("seer-card").filter({ hasText: "Babaláwo Adéwálé Ifáyemí" }).first().click();
    await page.waitForURL(/\/seers\/[^/]+$/);
    await page.getByRole("link", { name: /30 Minutes/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/book/"));
    await page.getByRole("group", { name: "Time slots" }).waitFor();
    // The last open day of the calendar's first page, late in the day: away from the other journeys' slots.
    const days = page.locator("table button:not([disabled]):not([data-outside])");
    await days.last().click();
    const slots = page.getByRole("group", { name: "Time slots" }).getByRole("button", { disabled: false });
    await expect.poll(() => slots.count()).toBeGreaterThan(0);
    await slots.last().click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("heading", { name: "Review Your Booking" }).waitFor();
    expect(new URL(page.url()).searchParams.get("step")).toBe("review");

    await page.goBack();
    await page.getByRole("group", { name: "Time slots" }).waitFor();
    expect(new URL(page.url()).searchParams.get("step")).not.toBe("review");
    await page.goForward();
    await page.getByRole("heading", { name: "Review Your Booking" }).waitFor();

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByText("Your card will be charged").waitFor();
    await page.getByRole("textbox", { name: "Card number" }).fill("4000 0000 0000 0002");
    await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("12/34");
    await page.getByRole("textbox", { name: "CVC" }).fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    const failure = page.getByRole("form", { name: "Card payment" }).getByRole("alert", { name: "Payment Failed" });
    await failure.waitFor();
    await expect.poll(() => failure.textContent()).toContain("Your card was declined.");
    await expect.poll(() => failure.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
