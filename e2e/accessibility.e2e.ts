import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, signInAs } from "./support";

/** Every page's serious and critical axe violations, named so a failure says where and what. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Let skeletons resolve into content before judging the page.
  await page.waitForFunction(() => !document.querySelector(".mantine-Skeleton-root"), null, { timeout: 10_000 }).catch(() => {});
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
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
    for (const path of paths) violations.push(...(await seriousViolations(page, path)));
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
    for (const path of paths) violations.push(...(await seriousViolations(page, path)));
    expect(violations).toEqual([]);
  });

  it("as a Seer and as an admin", async () => {
    const seer = await openPage();
    await signInAs(seer, "seer");
    const violations: string[] = [];
    for (const path of ["/seer/dashboard", "/seer/dashboard?tab=earnings", "/profile"]) {
      violations.push(...(await seriousViolations(seer, path)));
    }
    const admin = await openPage();
    await signInAs(admin, "admin");
    for (const path of ["/admin", "/admin?tab=inbox"]) violations.push(...(await seriousViolations(admin, path)));
    expect(violations).toEqual([]);
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
    const violations = await seriousViolations(page, "/");
    expect(violations).toEqual([]);
  });
});
