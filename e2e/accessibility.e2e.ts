import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, seriousViolations, signInAs } from "./support";

/** A page's serious and critical axe violations once it has settled, named by its path. */
async function violationsAt(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Let skeletons resolve into content before judging the page.
  await page.waitForFunction(() => !document.querySelector(".mantine-Skeleton-root"), null, { timeout: 10_000 }).catch(() => {});
  return seriousViolations(page, path);
}

/** A real Seer id and product slug and article slug from the demo data, read the way a visitor would. */
async function demoIds(page: Page) {
  await page.goto("/seers");
  const seerHref = await page.locator('a[href^="/seers/"]').first().getAttribute("href");
  await page.goto("/shop");
  const productHref = await page.locator('a[href^="/shop/"]').first().getAttribute("href");
  await page.goto("/wisdom");
  const articleHref = await page.locator('a[href^="/wisdom/"]').first().getAttribute("href");
  return { seerHref, productHref, articleHref };
}

const publicPaths = ["/", "/seers", "/shop", "/about", "/contact", "/terms", "/privacy", "/wisdom", "/login", "/no/such/page"];

describe("accessibility of every page (axe: no serious or critical violations)", () => {
  it("as a visitor", async () => {
    const page = await openPage();
    const { seerHref, productHref, articleHref } = await demoIds(page);
    const paths = [...publicPaths, seerHref, productHref, articleHref].filter((p): p is string => !!p);
    const violations: string[] = [];
    for (const path of paths) violations.push(...(await violationsAt(page, path)));
    expect(violations).toEqual([]);
  });

  it("as a client", async () => {
    const page = await openPage();
    await signInAs(page, "client");
    const { seerHref } = await demoIds(page);
    const seerId = seerHref?.split("/").pop() ?? "";
    const paths = [
      "/",
      "/cart",
      "/checkout",
      "/profile",
      "/become-seer",
      "/my-articles",
      "/articles/new",
      `/book/${seerId}?session=30min`,
    ];
    const violations: string[] = [];
    for (const path of paths) violations.push(...(await violationsAt(page, path)));
    expect(violations).toEqual([]);
  });

  it("as a Seer and as an admin", async () => {
    const seer = await openPage();
    await signInAs(seer, "seer");
    const violations: string[] = [];
    for (const path of ["/seer/dashboard", "/seer/dashboard?tab=earnings", "/profile"]) {
      violations.push(...(await violationsAt(seer, path)));
    }
    const admin = await openPage();
    await signInAs(admin, "admin");
    for (const path of ["/admin", "/admin?tab=inbox"]) violations.push(...(await violationsAt(admin, path)));
    expect(violations).toEqual([]);
  });

  // Twenty pages in dark colours, split so that each part stays well inside the test timeout.
  it("in dark colours as the system asks: a visitor's pages", async () => {
    const page = await openPage({ colorScheme: "dark" });
    const { seerHref, productHref, articleHref } = await demoIds(page);
    expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    const violations: string[] = [];
    for (const path of ["/", "/seers", "/shop", "/wisdom", "/login", seerHref, productHref, articleHref].filter(
      (p): p is string => !!p,
    ))
      violations.push(...(await violationsAt(page, path)));
    expect(violations).toEqual([]);
  });

  it("in dark colours as the system asks: a Seer's and an admin's pages", async () => {
    const violations: string[] = [];
    const seer = await openPage({ colorScheme: "dark" });
    await signInAs(seer, "seer");
    for (const path of ["/seer/dashboard?tab=earnings", "/profile"]) violations.push(...(await violationsAt(seer, path)));
    const admin = await openPage({ colorScheme: "dark" });
    await signInAs(admin, "admin");
    for (const path of ["/admin", "/admin?tab=orders", "/admin?tab=inbox"]) violations.push(...(await violationsAt(admin, path)));
    expect(violations).toEqual([]);
  });

  it("in dark colours as the system asks: a client's pages", async () => {
    const page = await openPage({ colorScheme: "dark" });
    const { seerHref } = await demoIds(page);
    const violations: string[] = [];
    const client = await openPage({ colorScheme: "dark" });
    await signInAs(client, "client");
    const seerId = seerHref?.split("/").pop() ?? "";
    for (const path of ["/cart", "/checkout", "/profile", "/my-articles", "/articles/new", "/become-seer", `/book/${seerId}?session=30min`])
      violations.push(...(await violationsAt(client, path)));
    expect(violations).toEqual([]);
  });

  it("in dark colours as the toggle chooses: the choice survives a reload", async () => {
    const chooser = await openPage();
    await chooser.goto("/");
    expect(await chooser.locator("html").getAttribute("data-mantine-color-scheme")).toBe("light");
    await chooser.getByRole("button", { name: "Use dark colours" }).click();
    await expect.poll(() => chooser.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    await chooser.reload();
    expect(await chooser.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    await chooser.getByRole("button", { name: "Use light colours" }).waitFor();
  });

  it("on a phone-sized screen, the mobile menu opens and closes with the keyboard", async () => {
    const page = await openPage({ width: 360, height: 740 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => mobileNav.getByRole("link", { name: "Sacred Market" }).isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    const violations = await violationsAt(page, "/");
    expect(violations).toEqual([]);
  });
});
