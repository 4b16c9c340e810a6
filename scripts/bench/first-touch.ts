import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildBaseline } from "../lib/baseline";
import { PHONE, throttleLikeAPhone } from "../lib/phone";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startApp, type RunningApp } from "../lib/serve";

// npm run bench:first-touch [-- --against <git ref>] [--loads N] (after npm run build): how long a visitor on the
// phone of issue #39 (scripts/lib/phone.ts) waits between seeing a control and the control doing what they asked.
// Each cold load of /seers, /shop and /wisdom types a search the moment the search box is visible and times, from
// that moment, until the list shows the result (the address has `q` and the match is listed, the other item gone);
// /shop also taps the first Add to Cart the moment it is visible and times until the sign-in page. Beside them: the
// first contentful paint, and when the app took the page over (`data-app-ready`). A result that does not come within
// 20 s counts as "never". With --against, that commit's build (a temporary worktree) is loaded in turns with this
// checkout's, so that the machine's drift hits both alike.

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const against = option("--against");
const loads = Number(option("--loads") ?? 3);
if (!Number.isInteger(loads) || loads < 1) {
  console.error("--loads takes a whole number of loads, 1 or more.");
  process.exit(1);
}
const here = path.resolve(".");
if (!existsSync(path.join(here, "dist/server/main.js"))) {
  console.error("dist/ is missing: run `npm run build` first.");
  process.exit(1);
}

const GIVE_UP_MS = 20_000;

interface Target {
  path: string;
  query: string;
  found: string;
  other: string;
}

/** What each listing is searched for: the second item's name, which must list it and not the first. */
async function targets(baseURL: string): Promise<Target[]> {
  const get = async <T>(p: string) => (await (await fetch(`${baseURL}${p}`)).json()) as T;
  const two = (names: string[]) => {
    const [other, found] = names;
    if (!other || !found) throw new Error("The demo data has too few items");
    return { query: found, found, other };
  };
  return [
    { path: "/seers", ...two((await get<{ fullName: string }[]>("/api/seers")).map((s) => s.fullName)) },
    { path: "/shop", ...two((await get<{ name: string }[]>("/api/products")).map((p) => p.name)) },
    { path: "/wisdom", ...two((await get<{ article: { title: string } }[]>("/api/articles")).map((a) => a.article.title)) },
  ];
}

interface Times {
  paint: number;
  seen: number;
  ready: number;
  result: number;
  cart?: number;
}

async function newPhonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE.viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await throttleLikeAPhone(context, page);
  return page;
}

const firstPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN);

/** Milliseconds from `since` until `done` holds, or Infinity after GIVE_UP_MS. */
async function until(since: number, done: () => Promise<boolean>): Promise<number> {
  while (Date.now() - since < GIVE_UP_MS) {
    if (await done().catch(() => false)) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Infinity;
}

async function searchLoad(browser: Browser, baseURL: string, target: Target): Promise<Times> {
  const page = await newPhonePage(browser, baseURL);
  try {
    const start = Date.now();
    const ready = page
      .waitForSelector("[data-app-ready]", { state: "attached", timeout: 60_000 })
      .then(() => Date.now() - start)
      .catch(() => Infinity);
    await page.goto(target.path, { waitUntil: "commit" });
    const box = page.getByRole("textbox", { name: "Search" });
    await box.waitFor({ timeout: 30_000 });
    const seen = Date.now() - start;
    await box.pressSequentially(target.query);
    const typed = Date.now();
    const result = await until(typed, async () => {
      if (new URL(page.url()).searchParams.get("q") !== target.query) return false;
      const found = await page.getByText(target.found, { exact: true }).count();
      const other = await page.getByText(target.other, { exact: true }).count();
      return found > 0 && other === 0;
    });
    return { paint: await firstPaint(page), seen, ready: await ready, result };
  } finally {
    await page.context().close();
  }
}

async function addToCartLoad(browser: Browser, baseURL: string): Promise<number> {
  const page = await newPhonePage(browser, baseURL);
  try {
    await page.goto("/shop", { waitUntil: "commit" });
    const button = page.getByRole("button", { name: "Add to Cart" }).first();
    await button.waitFor({ timeout: 30_000 });
    const tapped = Date.now();
    await button.tap();
    return await until(tapped, async () => new URL(page.url()).pathname === "/login");
  } finally {
    await page.context().close();
  }
}

const env = { NODE_ENV: "production", SEED_DEMO: "true", SESSION_SECRET: "t".repeat(40) };
const baseline = against ? buildBaseline(against, here) : null;
const apps: { name: string; app: RunningApp }[] = [];
let browser: Browser | undefined;
try {
  apps.push({ name: "this checkout", app: await startApp(env, { compiled: true }) });
  if (baseline && against) apps.push({ name: against, app: await startApp(env, { compiled: true, root: baseline.root }) });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const first = apps[0];
  if (!first) throw new Error("no app");
  const pages = await targets(first.app.baseURL);
  for (const { app } of apps) for (const t of pages) await (await fetch(`${app.baseURL}${t.path}`)).text();

  const results = new Map<string, Times[]>();
  for (let i = 0; i < loads; i++) {
    const order = i % 2 === 0 ? apps : [...apps].reverse();
    for (const target of pages) {
      for (const { name, app } of order) {
        const times = await searchLoad(browser, app.baseURL, target);
        if (target.path === "/shop") times.cart = await addToCartLoad(browser, app.baseURL);
        const key = `${target.path}\u0000${name}`;
        results.set(key, [...(results.get(key) ?? []), times]);
      }
    }
    console.error(`load ${i + 1} of ${loads}: measured`);
  }

  const ms = (values: number[]) => {
    if (values.some((v) => !Number.isFinite(v)))
      return `never (${values.filter((v) => !Number.isFinite(v)).length} of ${values.length})`;
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return `${Math.round(mean)} (${Math.round(Math.min(...values))} to ${Math.round(Math.max(...values))})`;
  };
  console.log(
    `\nPhone profile: Chromium at ${PHONE.cpuSlowdown}x CPU, ${(PHONE.downloadBytesPerSecond * 8) / 1024 / 1024} Mbit/s down, ` +
      `${PHONE.latencyMs} ms, ${PHONE.viewport.width} px; ${loads} cold loads per page and build, ms, mean (min to max)\n`,
  );
  console.log(
    "| page | build | first paint | search box seen | app ready | typed at sight -> list filtered | Add to Cart tapped at sight -> sign-in |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const target of pages) {
    for (const { name } of apps) {
      const rows = results.get(`${target.path}\u0000${name}`) ?? [];
      const cart = rows.flatMap((r) => (r.cart === undefined ? [] : [r.cart]));
      console.log(
        `| ${target.path} | ${name} | ${ms(rows.map((r) => r.paint))} | ${ms(rows.map((r) => r.seen))} | ${ms(rows.map((r) => r.ready))} | ${ms(rows.map((r) => r.result))} | ${cart.length ? ms(cart) : "-"} |`,
      );
    }
  }
} finally {
  await browser?.close();
  for (const { app } of apps) await app.stop();
  baseline?.remove();
}
