import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
async function measure(url) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(url);
  await cdp.send("Network.enable"); await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,loading", transferMode: "ReportEvents" });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1500);
  await cdp.send("Tracing.end"); await done;
  const threads = new Map();
  for (const e of events) if (e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const fcp = events.filter((e) => e.name === "firstContentfulPaint").at(-1);
  const tasks = events.filter((e) => e.name === "RunTask" && e.dur > 50000 && threads.get(`${e.pid}:${e.tid}`) === "CrRendererMain" && fcp && e.ts + e.dur > fcp.ts);
  let tbt = 0; const big = [];
  for (const t of tasks) {
    const start = Math.max(t.ts, fcp.ts); const d = (t.ts + t.dur - start) / 1000; if (d > 50) tbt += d - 50;
    const inside = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 3000 && e.name !== "RunTask");
    const agg = new Map(); for (const e of inside) agg.set(e.name, (agg.get(e.name) ?? 0) + e.dur);
    big.push(`${(t.dur / 1000).toFixed(0)}[${[...agg].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([n, x]) => `${n} ${(x / 1000).toFixed(0)}`).join(",")}]`);
  }
  const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http"));
  const t0 = nav?.ts ?? 0;
  const evals = events.filter((e) => e.name === "v8.evaluateModule" && e.dur > 5000).map((e) => `${((e.ts - t0) / 1000).toFixed(0)}+${(e.dur / 1000).toFixed(0)}`);
  const scripts = events.filter((e) => e.name === "ResourceSendRequest" && /assets\/.*\.js/.test(e.args?.data?.url ?? "")).map((e) => `${e.args.data.url.replace(/.*assets\//, "")}@${((e.ts - t0) / 1000).toFixed(0)}`);
  await page.close();
  return `fcp ${((fcp.ts - t0) / 1000).toFixed(0)} evals ${evals.join(" ")} scripts ${scripts.join(" ")}\n   tbt ${tbt.toFixed(0)} :: ${big.join(" ")}`;
}
for (let i = 0; i < 2; i++) for (const [n, port] of [["old", 3998], ["new", 3999]]) console.log(n, await measure(`http://127.0.0.1:${port}/shop`));
await browser.close();
