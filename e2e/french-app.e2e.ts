import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { areas } from "../src/i18n/messages/app";
import { en } from "../src/i18n/messages/en";
import { fr } from "../src/i18n/messages/fr";
import { openPage, seriousViolations, signInAs } from "./support";

// Issue #45: the screens behind a sign-in read French at their French address, with no text of the catalogs left in
// English, and pass axe in French too (the public pages' own checks are in french.e2e.ts).

/**
 * The catalogs' English texts that a French page must not show: those whose French differs, without placeholders
 * (a text built from values is not found whole), and long enough not to be a name or a code.
 */
const englishOnly: Set<string> = (() => {
  const pairs: [string, string][] = Object.entries(en).map(([id, text]) => [text, (fr as Record<string, string>)[id] ?? ""]);
  for (const area of Object.values(areas)) {
    for (const [id, text] of Object.entries(area.en)) pairs.push([text, (area.fr as Record<string, string>)[id] ?? ""]);
  }
  return new Set(
    pairs.filter(([english, french]) => english !== french && !english.includes("{") && english.length > 3).map(([e]) => e),
  );
})();

/** What people wrote that happens to be a catalog text too: the demo articles' category. */
const WRITTEN = new Set(["Community"]);

/** Every visible text, label and placeholder of the page that is one of the catalogs' English texts. */
async function englishLeft(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, [hidden], [aria-hidden='true']")) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of root.querySelectorAll("[aria-label], [placeholder], [title]")) {
      for (const name of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(shown.filter((text) => englishOnly.has(text) && !WRITTEN.has(text)))];
}

/** The French page at `path`, settled: its language, its serious axe violations and the English it still shows. */
async function inFrench(page: Page, path: string): Promise<string[]> {
  await page.goto(`/fr${path}`);
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => !document.querySelector(".mantine-Skeleton-root"), null, { timeout: 10_000 }).catch(() => {});
  expect(await page.locator("html").getAttribute("lang"), path).toBe("fr");
  const problems = await seriousViolations(page, `/fr${path}`);
  for (const text of await englishLeft(page)) problems.push(`/fr${path}: English left: ${text}`);
  // French runs longer than English: the page must still fit its width (the header's `Se déconnecter` once pushed the
  // menu button off a 360 px screen).
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  if (scrollWidth > clientWidth) problems.push(`/fr${path}: ${scrollWidth} px wide on a ${clientWidth} px screen`);
  return problems;
}

describe("the signed-in screens in French (issue #45)", () => {
  it("a client's cart, checkout, profile, Seer application, articles and booking read French and pass axe", async () => {
    const page = await openPage({ width: 360, height: 800 });
    await signInAs(page, "client");
    await page.goto("/seers");
    const seerId = (await page.locator('a[href^="/seers/"]').first().getAttribute("href"))?.split("/").pop() ?? "";
    const problems: string[] = [];
    for (const path of ["/cart", "/checkout", "/profile", "/become-seer", "/become-vendor", "/my-articles", "/articles/new"]) {
      problems.push(...(await inFrench(page, path)));
    }
    problems.push(...(await inFrench(page, `/book/${seerId}?session=30min`)));
    expect(problems).toEqual([]);
  });

  it("a Seer's dashboard and an admin's console read French and pass axe", async () => {
    // A phone's width between Mantine's xs and sm, where the header shows the most controls in one row.
    const seer = await openPage({ width: 600, height: 900 });
    await signInAs(seer, "seer");
    const problems: string[] = [];
    for (const path of ["/seer/dashboard", "/seer/dashboard?tab=earnings", "/profile"])
      problems.push(...(await inFrench(seer, path)));
    const admin = await openPage();
    await signInAs(admin, "admin");
    for (const tab of ["analytics", "applications", "orders", "payouts", "disputes", "audit"])
      problems.push(...(await inFrench(admin, `/admin?tab=${tab}`)));
    for (const path of ["/messages"]) problems.push(...(await inFrench(admin, path)));
    expect(problems).toEqual([]);
  });
});
