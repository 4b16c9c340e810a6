import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import superjson from "superjson";
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, startApp } from "../lib/serve";

// npm run bench:lighthouse [-- phone|desktop] (after npm run build): Lighthouse's performance audit of the public
// pages against the built app, in headless Chromium, on a simulated phone (Lighthouse's default: Moto G Power, slow
// 4G, 4x CPU slowdown) and on desktop. Prints each page's score, LCP, CLS and TBT. Local URLs only: nothing is
// fetched from the internet.

const presets = process.argv.slice(2).filter((a) => a === "phone" || a === "desktop");
const runPresets = presets.length ? presets : ["phone", "desktop"];

// The compiled server in production mode, as a visitor meets it (React's production build draws the pages).
const app = await startApp({ NODE_ENV: "production", SEED_DEMO: "true", SESSION_SECRET: "l".repeat(40) }, { compiled: true });
const profile = mkdtempSync(path.join(os.tmpdir(), "seer-lighthouse-"));
const port = await freePort();
const chromium = spawn(
  CHROMIUM_PATH,
  [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
  { stdio: "ignore" },
);

async function trpcGet<T>(procedure: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  const response = await fetch(`${app.baseURL}/trpc/${procedure}?input=${query}`);
  if (!response.ok) throw new Error(`${procedure}: HTTP ${response.status}`);
  const body = (await response.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
  return superjson.deserialize<T>(body.result.data);
}

interface Row {
  preset: string;
  page: string;
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
}

try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 100) throw new Error("Chromium did not open its debugging port");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // One of each kind of page, from the demo data.
  const seers = await trpcGet<{ items: { id: string }[] }>("seers.list", {});
  const products = (await trpcGet<{ items: { slug: string }[] }>("shop.products", {})).items;
  const articles = await trpcGet<{ article: { slug: string } }[]>("articles.list", {});
  const [seer] = seers.items;
  const [product] = products;
  const article = articles[0]?.article;
  if (!seer || !product || !article) throw new Error("The demo data has no Seer, product or article");
  const pages: [string, string][] = [
    ["home", "/"],
    ["directory", "/seers"],
    ["Seer profile", `/seers/${seer.id}`],
    ["shop", "/shop"],
    ["product", `/shop/${product.slug}`],
    ["Wisdom Hub", "/wisdom"],
    ["article", `/wisdom/${article.slug}`],
  ];

  // Each page once before measuring: a server that has been up a while has loaded each page's code and warmed its
  // queries; the first page after a start would otherwise pay for that.
  for (const [, url] of pages) await (await fetch(`${app.baseURL}${url}`)).text();

  const rows: Row[] = [];
  for (const preset of runPresets) {
    for (const [name, url] of pages) {
      // A trace now and then comes back unusable (NO_NAVSTART): that page is measured again, up to three times.
      let lhr: Result;
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(
          `${app.baseURL}${url}`,
          { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
          preset === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const row: Row = {
        preset,
        page: `${name} (${url})`,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: metric("largest-contentful-paint"),
        cls: metric("cumulative-layout-shift"),
        tbt: metric("total-blocking-time"),
        fcp: metric("first-contentful-paint"),
      };
      rows.push(row);
      console.error(`${preset} ${url}: ${row.score}`);
    }
  }
  console.log("\n| preset | page | score | LCP s | CLS | TBT ms | FCP s |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    console.log(
      `| ${r.preset} | ${r.page} | ${r.score} | ${(r.lcp / 1000).toFixed(2)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${(r.fcp / 1000).toFixed(2)} |`,
    );
  }
} finally {
  chromium.kill("SIGTERM");
  await new Promise((resolve) => chromium.once("exit", resolve));
  rmSync(profile, { recursive: true, force: true });
  await app.stop();
}
