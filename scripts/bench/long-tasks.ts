import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { buildBaseline } from "../lib/baseline";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startApp, type RunningApp } from "../lib/serve";

// npm run bench:long-tasks [-- --against <git ref>] [--loads N] [/page ...] (after npm run build): what blocks a
// phone's main thread while a public page loads and comes to life. Chromium with a real 4x CPU slowdown (DevTools'
// throttling, as Lighthouse's phone assumes), 412x823, each load cold (a new browser context). Counted: every long
// task (50 ms or more) from the start of the navigation until 1.5 s after the app is ready (`data-app-ready`), its
// time beyond 50 ms summed, as Lighthouse's total blocking time counts it; printed as the mean over the loads.
// With --against, the same pages of that commit's build (built in a temporary worktree) are loaded in turns with
// this checkout's, each load of one beside the same load of the other, so that the machine's drift hits both alike:
// the figures to compare are the two columns, not the absolute numbers.

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const against = option("--against");
const loads = Number(option("--loads") ?? 5);
const pages = args.filter((a, i) => a.startsWith("/") && !["--against", "--loads"].includes(args[i - 1] ?? ""));
if (!pages.length) pages.push("/", "/seers", "/shop", "/wisdom");
if (!Number.isInteger(loads) || loads < 1) {
  console.error("--loads takes a whole number of loads, 1 or more.");
  process.exit(1);
}
const here = path.resolve(".");
if (!existsSync(path.join(here, "dist/server/main.js"))) {
  console.error("dist/ is missing: run `npm run build` first.");
  process.exit(1);
}

/** One cold load of `url` at 4x: the long tasks' time beyond 50 ms, and how many there were. */
async function load(browser: Browser, url: string): Promise<{ blocking: number; tasks: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    // Observing from the document's start: tasks before the observer would otherwise be missed.
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url);
    await page.waitForSelector("[data-app-ready]", { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    return { blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0), tasks: tasks.length };
  } finally {
    await context.close();
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
  // Each page once per app before measuring: a fresh server's first answers pay for its warming up.
  for (const { app } of apps) for (const page of pages) await (await fetch(`${app.baseURL}${page}`)).text();

  const results = new Map<string, { blocking: number[]; tasks: number[] }>();
  for (const page of pages) {
    for (let i = 0; i < loads; i++) {
      // In turns, and which goes first alternates.
      const order = i % 2 === 0 ? apps : [...apps].reverse();
      for (const { name, app } of order) {
        const { blocking, tasks } = await load(browser, `${app.baseURL}${page}`);
        const key = `${page}\u0000${name}`;
        const row = results.get(key) ?? { blocking: [], tasks: [] };
        row.blocking.push(blocking);
        row.tasks.push(tasks);
        results.set(key, row);
      }
    }
    console.error(`${page}: measured`);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  console.log(`\nChromium at 4x CPU slowdown, 412x823, ${loads} cold loads per page and build; long tasks' time beyond 50 ms`);
  console.log(`from the navigation to 1.5 s after the app is ready, mean (min to max), and the mean count of long tasks\n`);
  console.log(`| page | ${apps.map(({ name }) => `${name}: blocking ms | long tasks`).join(" | ")} |`);
  console.log(`| --- | ${apps.map(() => "---: | ---:").join(" | ")} |`);
  for (const page of pages) {
    const cells = apps.map(({ name }) => {
      const row = results.get(`${page}\u0000${name}`) ?? { blocking: [], tasks: [] };
      const spread = `${Math.round(Math.min(...row.blocking))} to ${Math.round(Math.max(...row.blocking))}`;
      return `${Math.round(mean(row.blocking))} (${spread}) | ${mean(row.tasks).toFixed(1)}`;
    });
    console.log(`| ${page} | ${cells.join(" | ")} |`);
  }
} finally {
  await browser?.close();
  for (const { app } of apps) await app.stop();
  baseline?.remove();
}
