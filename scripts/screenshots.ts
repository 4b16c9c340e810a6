import { mkdirSync } from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { chromium, type Page } from "playwright-core";
import { DEMO_ADMIN_TOTP_SECRET, demoAccounts } from "../db/seed";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startApp } from "./lib/serve";

// npm run screenshots: starts the built app on a fresh demo database and captures the README's screenshots.
// ONLY=article,article-editor npm run screenshots retakes just those (the others still load, unsaved).
const only = process.env.ONLY?.split(",").filter(Boolean);
const outDir = path.resolve("docs/screenshots");
const app = await startApp();
const baseURL = app.baseURL;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => !document.querySelector(".mantine-Skeleton-root"), null, { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(400);
}

/** The demo admin's authenticator app: each sign-in takes a later 30-second step (a code works once). */
const adminApp = new TOTP({ secret: Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET), algorithm: "SHA1", digits: 6, period: 30 });
let lastStep = 0;
function nextAdminCode(): string {
  lastStep = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  return adminApp.generate({ timestamp: lastStep * 30_000 });
}

async function signIn(page: Page, role: "client" | "admin" | "seer") {
  const account = demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(role);
  await page.goto("/login?returnTo=%2F");
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByRole("textbox", { name: "Password" }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (role === "admin") {
    await page.getByRole("textbox", { name: "Code" }).fill(nextAdminCode());
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.waitForURL((u) => u.pathname === "/");
}

try {
  mkdirSync(outDir, { recursive: true });
  for (const [device, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const shot = async (name: string, url: string) => {
      await page.goto(url);
      await settle(page);
      if (only && !only.includes(name)) return;
      await page.screenshot({ path: path.join(outDir, `${name}-${device}.png`), fullPage: false });
      console.log(`docs/screenshots/${name}-${device}.png`);
    };
    await shot("home", "/");
    await shot("seers", "/seers");
    const seerHref = await page.locator('a[href^="/seers/"]').first().getAttribute("href");
    if (seerHref) await shot("seer-profile", seerHref);
    await shot("shop", "/shop");
    await shot("wisdom", "/wisdom");
    const articleHref = await page.locator('a[href^="/wisdom/"]').first().getAttribute("href");
    if (articleHref) await shot("article", articleHref);
    await signIn(page, "client");
    const addButtons = page.getByRole("button", { name: "Add to Cart" });
    await page.goto("/shop");
    await settle(page);
    for (let i = 0; i < 2; i++) {
      await addButtons.nth(i).click();
      await page.waitForTimeout(600);
    }
    await shot("cart", "/cart");
    // The article editor with a little formatted text: a heading, a bold word, a list.
    await page.goto("/articles/new");
    await settle(page);
    await page.getByRole("textbox", { name: "Title" }).fill("The Meaning of Sankofa");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.getByRole("button", { name: "Heading 2", exact: true }).click();
    await page.keyboard.type("Go back and fetch it\n");
    await page.keyboard.type("The bird looks behind while its feet face forward: ");
    await page.getByRole("button", { name: "Bold", exact: true }).click();
    await page.keyboard.type("remember");
    await page.getByRole("button", { name: "Bold", exact: true }).click();
    await page.keyboard.type(" where you come from.\n");
    await page.getByRole("button", { name: "Bullet list", exact: true }).click();
    await page.keyboard.type("Pour libation\nName the ancestors");
    if (!only || only.includes("article-editor")) {
      await page.getByRole("textbox", { name: "Content" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(outDir, `article-editor-${device}.png`), fullPage: false });
      console.log(`docs/screenshots/article-editor-${device}.png`);
    }
    await context.clearCookies();
    await signIn(page, "seer");
    await shot("seer-earnings", "/seer/dashboard?tab=earnings");
    // The demo Seer lives in Ghana: payout details for MTN Mobile Money, the holder's name checked (issue #40).
    const seer = demoAccounts.find((a) => a.role === "seer");
    await page
      .getByRole("button", { name: /^(Connect payout account|Change payout details)$/ })
      .first()
      .click();
    const form = page.getByRole("dialog", { name: "Payout details" });
    await form.getByLabel("Network").selectOption({ label: "MTN Mobile Money" });
    await form.getByRole("textbox", { name: "Mobile money number" }).fill("024 412 1234");
    await form.getByRole("button", { name: "Check name" }).click();
    await form.getByRole("checkbox", { name: "This is my account" }).check();
    await form.getByLabel("Your password").fill(seer?.password ?? "");
    if (!only || only.includes("payout-details")) {
      await page.screenshot({ path: path.join(outDir, `payout-details-${device}.png`), fullPage: false });
      console.log(`docs/screenshots/payout-details-${device}.png`);
    }
    await form.getByRole("button", { name: "Save payout details" }).click();
    await page.getByText("Paid to MTN Mobile Money •••• 1234").waitFor();
    await context.clearCookies();
    await signIn(page, "admin");
    await shot("admin", "/admin");
    await shot("admin-payouts", "/admin?tab=payouts");
    await shot("admin-inbox", "/admin?tab=inbox");
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
