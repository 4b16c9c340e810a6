import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startApp } from "../lib/serve";

// npm run bench:first-load [-- [--check] [--files] /route ...] (after npm run build): what a first visit to a page
// downloads, split into JavaScript, CSS and the rest. Two figures each: as Chromium received it (content-length of
// what the server sent, brotli when the browser accepts it) and gzipped (the built asset's .gz, the budgets' unit).
// --check: exits 1, naming the route and the figure, when a route's gzipped JavaScript or CSS exceeds its budget,
// or when its first load runs zod (CI runs it after the build, on the four public pages).
// --files: also lists every JavaScript and CSS file each page fetched, largest first.

/**
 * Budgets in gzipped bytes (issue #18): CSS on every page; JavaScript on the home page, the first load the issue
 * names. The other public pages load the same shell plus their own code, still over 150 KB (docs/decisions.md):
 * their JavaScript is printed, not checked.
 */
const BUDGET = { script: 150 * 1024, stylesheet: 15 * 1024 };
const SCRIPT_BUDGET_ROUTES = new Set(["/"]);

const args = process.argv.slice(2);
const check = args.includes("--check");
const listFiles = args.includes("--files");
const routes = args.filter((a) => !a.startsWith("--"));
const pages = routes.length ? routes : ["/", "/seers", "/shop", "/wisdom"];

const clientDir = path.resolve("dist/client");
if (!existsSync(path.join(clientDir, "index.html"))) {
  console.error("dist/client is missing: run `npm run build` first.");
  process.exit(1);
}

/** The gzipped size of a built asset: its precompressed .gz, else gzipped here (small files have none). */
function gzipSize(urlPath: string): number | undefined {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  if (!file.startsWith(clientDir) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Whether a built script holds zod (25 KB gzipped, and its evaluation a long task on a phone): the public pages show
 * their data without it; only forms load it (src/domain/pages.ts, seer-limits.ts). Its error class names it.
 */
function holdsZod(urlPath: string): boolean {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  return (
    file.startsWith(clientDir) && existsSync(file) && statSync(file).isFile() && readFileSync(file, "utf8").includes("ZodError")
  );
}

type Kind = "script" | "stylesheet" | "font" | "other";
interface Fetched {
  url: string;
  kind: Kind;
  wire: number;
  gzip: number;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const failures: string[] = [];
const app = await startApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const route of pages) {
    const context = await browser.newContext({ baseURL: app.baseURL });
    const page = await context.newPage();
    const fetched: Promise<Fetched>[] = [];
    let inFlight = 0;
    let lastActivity = performance.now();
    page.on("request", () => {
      inFlight += 1;
      lastActivity = performance.now();
    });
    page.on("requestfailed", () => {
      inFlight -= 1;
      lastActivity = performance.now();
    });
    page.on("requestfinished", (request) => {
      inFlight -= 1;
      lastActivity = performance.now();
      fetched.push(
        (async () => {
          const response = await request.response();
          const wire = Number((await response?.allHeaders())?.["content-length"] ?? 0);
          const type = request.resourceType();
          const kind: Kind = type === "script" || type === "stylesheet" || type === "font" ? type : "other";
          const url = new URL(request.url());
          const local = url.origin === new URL(app.baseURL).origin ? gzipSize(url.pathname) : undefined;
          return { url: url.pathname, kind, wire, gzip: local ?? wire };
        })(),
      );
    });
    const started = performance.now();
    const response = await page.goto(route, { waitUntil: "load" });
    // A page the server drew carries its stylesheets in its head (src-server/modules/pages/drawn.ts): CSS all the same.
    const head = /<head>([\s\S]*?)<\/head>/.exec((await response?.text()) ?? "")?.[1] ?? "";
    for (const [, css] of head.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
      const gzip = gzipSync(css ?? "", { level: 9 }).length;
      fetched.push(Promise.resolve({ url: "(written into the page)", kind: "stylesheet", wire: gzip, gzip }));
    }
    // Settled: the page drew its heading, then nothing was fetched for a second. (Playwright's networkidle, 500 ms
    // without requests, can come before a busy CPU has run the entry far enough to ask for the route's chunk.)
    await page.waitForSelector("#main h1", { timeout: 30_000 }).catch(() => undefined);
    const deadline = performance.now() + 30_000;
    while ((inFlight > 0 || performance.now() - lastActivity < 1000) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = lastActivity - started;
    const files = await Promise.all(fetched);
    const sum = (kind: Kind, key: "wire" | "gzip") => files.filter((f) => f.kind === kind).reduce((s, f) => s + f[key], 0);
    const count = (kind: Kind) => files.filter((f) => f.kind === kind).length;
    console.log(
      `${route.padEnd(8)} JavaScript ${kb(sum("script", "wire"))} in ${count("script")} files (gzip ${kb(sum("script", "gzip"))}), ` +
        `CSS ${kb(sum("stylesheet", "wire"))} in ${count("stylesheet")} files (gzip ${kb(sum("stylesheet", "gzip"))}), ` +
        `fonts ${kb(sum("font", "wire"))} in ${count("font")} files, other ${kb(sum("other", "wire"))}; ` +
        `last request done after ${Math.round(elapsed)} ms`,
    );
    if (listFiles) {
      for (const f of files.filter((x) => x.kind !== "other").sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `    ${f.kind === "script" ? "js  " : f.kind === "font" ? "font" : "css "} ${kb(f.wire).padStart(9)} ${kb(f.gzip).padStart(9)} gzip  ${f.url}`,
        );
      }
    }
    for (const f of files.filter((x) => x.kind === "script" && holdsZod(x.url))) {
      failures.push(`${route}: its first load runs zod (${f.url}); import the constants it needs from src/domain instead`);
    }
    for (const kind of ["script", "stylesheet"] as const) {
      if (kind === "script" && !SCRIPT_BUDGET_ROUTES.has(route)) continue;
      const total = sum(kind, "gzip");
      if (total > BUDGET[kind]) {
        failures.push(
          `${route}: ${kind === "script" ? "JavaScript" : "CSS"} ${kb(total)} gzipped, over its budget of ${kb(BUDGET[kind])}`,
        );
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
if (check) {
  if (failures.length) {
    console.error(`\nFirst-load budget exceeded (issue #18):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else
    console.log(
      `\nFirst-load budgets met, no zod on any of them; gzipped: CSS <= ${kb(BUDGET.stylesheet)} on ${pages.join(" ")}; ` +
        `JavaScript <= ${kb(BUDGET.script)} on ${pages.filter((p) => SCRIPT_BUDGET_ROUTES.has(p)).join(" ") || "none of them"}`,
    );
}
