import AxeBuilder from "@axe-core/playwright";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";
import { demoAccounts } from "../db/seed";
import { PHONE, throttleLikeAPhone } from "../scripts/lib/phone";
import { CHROMIUM_ARGS } from "../scripts/lib/serve";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The demo accounts that `npm start` seeds (db/seed), by role. */
const account = (role: "client" | "seer" | "admin") => {
  const found = demoAccounts.find((a) => a.role === role);
  if (!found) throw new Error(`No demo ${role} account`);
  return { email: found.email, password: found.password };
};
export const demo = { client: account("client"), seer: account("seer"), admin: account("admin") } as const;

/** This worker's own app (e2e/global-setup.ts): VITEST_POOL_ID numbers the workers from 1. */
function ownApp(): { baseUrl: string; outboxDir: string } {
  const apps = inject("e2eApps");
  const app = apps[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % apps.length];
  if (!app) throw new Error("No app was started for the journeys (e2e/global-setup.ts)");
  return app;
}

export const baseUrl = (): string => ownApp().baseUrl;

/** Serious and critical axe violations (WCAG 2.1 A and AA) of what the page shows now, named by `where`. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/**
 * Mantine's day label ("23 November 2026") for tomorrow, in the page's timezone (Africa/Accra = UTC); the
 * Seer the booking journeys choose works weekdays only, so a weekend tomorrow moves on to Monday.
 */
export function tomorrowLabel(): string {
  const d = new Date(Date.now() + 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  const month = d.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

/** A fresh browser context (no cookies) and page, with the base URL set (the shared app's unless given); console errors are collected. */
export async function openPage(
  options: {
    width?: number;
    height?: number;
    baseURL?: string;
    colorScheme?: "light" | "dark";
    /** The phone of issue #39 (scripts/lib/phone.ts): its 360 px touch screen, and with "slow" its CPU and network too. */
    phone?: boolean | "slow";
  } = {},
): Promise<Page & { consoleErrors: string[] }> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport: options.phone ? PHONE.viewport : { width: options.width ?? 1280, height: options.height ?? 900 },
    isMobile: Boolean(options.phone),
    hasTouch: Boolean(options.phone),
    timezoneId: "Africa/Accra",
    locale: "en-US",
    colorScheme: options.colorScheme ?? "light",
  });
  context.setDefaultTimeout(15_000);
  const page = (await context.newPage()) as Page & { consoleErrors: string[] };
  if (options.phone === "slow") await throttleLikeAPhone(context, page);
  page.consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") page.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => page.consoleErrors.push(error.message));
  // A public page comes drawn by the server and answers clicks and typing only once the app has taken it over
  // (src-client/main.tsx marks that moment): every load waits for it, as a visitor would for a page that reacts.
  const untilReady = () =>
    page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready") || !document.getElementById("root"));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilReady();
    return response;
  };
  return page;
}

/** Signs in through the real sign-in screen, coming from `from` and landing back there. */
export async function signIn(page: Page, account: { email: string; password: string }, from = "/"): Promise<void> {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(from)}`);
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByRole("textbox", { name: "Password" }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === from.split("?")[0]);
  await expect.poll(() => page.getByRole("button", { name: "Log Out" }).count()).toBeGreaterThan(0);
}

/** How many of the product named `name` the demo client's cart holds, read through the API with a session of its own. */
export async function cartQuantity(name: string): Promise<number> {
  const signIn = await fetch(`${baseUrl()}/trpc/account.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl() },
    body: JSON.stringify({ json: demo.client }),
  });
  const cookie = (signIn.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const cart = (await (await fetch(`${baseUrl()}/api/cart`, { headers: { cookie } })).json()) as {
    quantity: number;
    product: { name: string };
  }[];
  return cart.filter((line) => line.product.name === name).reduce((sum, line) => sum + line.quantity, 0);
}

export const signInAs = (page: Page, role: keyof typeof demo, from = "/") => signIn(page, demo[role], from);

/** A mail body as written to the outbox: quoted-printable soft breaks joined and =XX escapes decoded. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest link to `linkPath` (e.g. "/verify-email") in the outbox's e-mails to `to`, as a path with its query. */
export async function mailedLink(to: string, linkPath: string): Promise<string> {
  const dir = ownApp().outboxDir;
  const pattern = new RegExp(`https?://[^/\\s]+(${linkPath}\\?token=[A-Za-z0-9_-]+)`);
  let found: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(dir)) return undefined;
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(".eml"))
        .sort()
        .reverse();
      for (const file of files) {
        const mail = decodeQuotedPrintable(readFileSync(path.join(dir, file), "utf8"));
        if (!new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(mail)) continue;
        found = pattern.exec(mail)?.[1];
        if (found) return found;
      }
      return undefined;
    })
    .toBeDefined();
  return found ?? "";
}

/**
 * Creates a new client account through the sign-up screen, opens the confirmation link from the outbox (which signs
 * the person in), and goes to `from`. Returns the credentials.
 */
export async function signUpNew(page: Page, from = "/"): Promise<{ email: string; password: string }> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "a long e2e password";
  await page.goto(`/login?returnTo=${encodeURIComponent(from)}&mode=signup`);
  await page.getByRole("textbox", { name: "First name" }).fill("Esi");
  await page.getByRole("textbox", { name: "Last name" }).fill("Tester");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Check your email").first().waitFor();
  await page.goto(await mailedLink(email, "/verify-email"));
  await page.getByText("Email confirmed").waitFor();
  await page.goto(from);
  await expect.poll(() => page.getByRole("button", { name: "Log Out" }).count()).toBeGreaterThan(0);
  return { email, password };
}
