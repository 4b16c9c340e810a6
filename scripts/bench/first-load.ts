import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, startApp } from "../lib/serve";

// npm run bench:first-load (after npm run build): what a first visit to a page downloads, as Chromium
// receives it (brotli or gzip, as the server negotiates), split into JavaScript, CSS and the rest.
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/seers", "/shop"];
const app = await startApp();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  for (const url of pages) {
    const context = await browser.newContext({ baseURL: app.baseURL });
    const page = await context.newPage();
    const sizes = { script: 0, stylesheet: 0, other: 0 };
    let scripts = 0;
    page.on("requestfinished", async (request) => {
      const response = await request.response();
      const length = Number((await response?.allHeaders())?.["content-length"] ?? 0);
      const type = request.resourceType();
      if (type === "script") {
        sizes.script += length;
        scripts += 1;
      } else if (type === "stylesheet") sizes.stylesheet += length;
      else sizes.other += length;
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: "networkidle" });
    const elapsed = performance.now() - started;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `${url.padEnd(8)} JavaScript ${kb(sizes.script)} in ${scripts} files, CSS ${kb(sizes.stylesheet)}, other ${kb(sizes.other)} (compressed on the wire); network idle after ${Math.round(elapsed)} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
