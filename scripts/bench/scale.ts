import net from "node:net";
import autocannon from "autocannon";
import postgres from "postgres";
import { startRoundRobinProxy } from "../lib/proxy";
import { freePort, startApp, type RunningApp } from "../lib/serve";

// npm run bench:scale [-- SECONDS [LEAD_SECONDS [CUT_SECONDS]]]: requests per second for a directory page and a Seer's profile through a
// round-robin proxy in front of one, two and three instances (compiled, production mode) on one PostgreSQL
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is made and dropped);
// then, for both reads and one, two and three instances, the database cut off for 5 s in the middle of a run (every
// connection to it dropped and refused, as in a failover): requests per second and p99 during the cut, errors during
// and after it, and the time from the database's return until every answer is right again.
// On one 2-core machine the instances, the proxy, the database and the load generator share the cores: the figures
// show that adding instances costs nothing and that an outage heals, not what more machines would give.
const seconds = Number(process.argv[2] ?? 10);
// The outage runs: this long under load before the cut and again after it, and the cut itself (5 s, as issue #16 asks).
const leadSeconds = Number(process.argv[3] ?? 7.5);
const cutSeconds = Number(process.argv[4] ?? 5);
const CONNECTIONS = 20;
const HUNG_MS = 10_000;
const base = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `seer_bench_scale_${process.pid}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
const target = new URL(base);

/** A TCP gate between the apps and PostgreSQL that can cut every connection and refuse new ones for a while. */
async function startGate(): Promise<{ port: number; cut(ms: number): Promise<void>; close(): void }> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    async cut(ms) {
      open = false;
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, ms));
      open = true;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function load(url: string, duration: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Every instance answers /readyz 200 (its pool reconnected after a cut), or the run would start half-broken. */
async function allReady(running: RunningApp[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const app of running) {
    for (;;) {
      const answer = await fetch(`${app.baseURL}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
        async (r) => ({ status: r.status, body: await r.text() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
      if (answer.status === 200) break;
      if (Date.now() > deadline)
        throw new Error(`${app.baseURL} is not ready after the last cut: ${answer.status} ${answer.body}\n${app.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * CONNECTIONS clients asking for `url` in a loop: LEAD seconds, the database cut for CUT seconds, LEAD seconds more.
 * Each answer is filed by when it came back; a failed one pauses its client for 20 ms (a browser would not hammer).
 */
async function outage(url: string) {
  const outcomes: { at: number; ok: boolean; ms: number; hung: boolean }[] = [];
  const started = Date.now();
  let running = true;
  const worker = async () => {
    while (running) {
      const t0 = Date.now();
      let ok = false;
      let hung = false;
      try {
        // An answer that never comes counts as a failure after HUNG_MS (fetch alone would wait 300 s).
        const response = await fetch(url, { signal: AbortSignal.timeout(HUNG_MS) });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch (error) {
        hung = error instanceof Error && error.name === "TimeoutError";
      }
      outcomes.push({ at: Date.now() - started, ok, ms: Date.now() - t0, hung });
      if (!ok) await new Promise((r) => setTimeout(r, 20));
    }
  };
  const workers = [...Array(CONNECTIONS).keys()].map(() => worker());
  await new Promise((r) => setTimeout(r, leadSeconds * 1000));
  const cutAt = Date.now() - started;
  await gate.cut(cutSeconds * 1000);
  const backAt = Date.now() - started;
  await new Promise((r) => setTimeout(r, leadSeconds * 1000));
  running = false;
  await Promise.all(workers);
  const before = outcomes.filter((o) => o.at < cutAt);
  const during = outcomes.filter((o) => o.at >= cutAt && o.at < backAt);
  const after = outcomes.filter((o) => o.at >= backAt);
  const failedAfter = after.filter((o) => !o.ok);
  const sorted = during.map((o) => o.ms).sort((a, b) => a - b);
  return {
    rpsBefore: Math.round(before.length / (cutAt / 1000)),
    rpsDuring: Math.round(during.length / ((backAt - cutAt) / 1000)),
    p99During: sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0) : 0,
    errorsDuring: during.filter((o) => !o.ok).length,
    errorsAfter: failedAfter.length,
    hung: outcomes.filter((o) => o.hung).length,
    // From the database's return to the last failed answer: 0 when none failed after it.
    recoveryMs: failedAfter.length ? Math.max(...failedAfter.map((o) => o.at)) - backAt : 0,
  };
}

await admin.unsafe(`create database ${name}`);
const gate = await startGate();
const url = `postgres://${target.username || "postgres"}@127.0.0.1:${gate.port}/${name}`;
const env = (seed: boolean) => ({
  NODE_ENV: "production",
  DATABASE_URL: url,
  SEED_DEMO: seed ? "true" : "false",
  SESSION_SECRET: "s".repeat(40),
  LOG_LEVEL: "warn",
  TRUST_PROXY: "1",
});
const apps: RunningApp[] = [];
try {
  apps.push(await startApp(env(true), { compiled: true, timeoutMs: 120_000 }));
  apps.push(await startApp(env(false), { compiled: true }), await startApp(env(false), { compiled: true }));
  const seers = (await (await fetch(`${apps[0]?.baseURL}/api/seers`)).json()) as { id: string }[];
  const seerId = seers[0]?.id;
  if (!seerId) throw new Error("The demo data is missing");
  const directory = `/trpc/seers.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`;
  const profile = `/api/seers/${seerId}`;

  console.log(`\nThrough a round-robin proxy, ${CONNECTIONS} connections, ${seconds} s each (compiled server, PostgreSQL)\n`);
  console.log("| instances | read | req/s | p99 ms | errors |");
  console.log("| ---: | --- | ---: | ---: | ---: |");
  for (let n = 1; n <= 3; n++) {
    const proxy = await startRoundRobinProxy(apps.slice(0, n).map((a) => a.baseURL));
    try {
      for (const [label, path] of [
        ["directory page", directory],
        ["Seer profile", profile],
      ] as const) {
        await load(`${proxy.url}${path}`, 2); // warm-up
        const r = await load(`${proxy.url}${path}`, seconds);
        console.log(`| ${n} | ${label} | ${r.rps} | ${r.p99} | ${r.errors} |`);
      }
    } finally {
      await proxy.close();
    }
  }

  // The database cut off for CUT seconds in the middle of a run, for each read and each number of instances.
  console.log(
    `\nThe database cut off for ${cutSeconds} s in the middle of a run (${leadSeconds} s before, ${leadSeconds} s after), ${CONNECTIONS} connections\n`,
  );
  console.log(
    `| instances | read | req/s before | req/s during the cut | p99 ms during | errors during | errors after | unanswered after ${HUNG_MS / 1000} s | recovered after the cut (ms) |`,
  );
  console.log("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (let n = 1; n <= 3; n++) {
    for (const [label, path] of [
      ["directory page", directory],
      ["Seer profile", profile],
    ] as const) {
      await allReady(apps.slice(0, n));
      const proxy = await startRoundRobinProxy(apps.slice(0, n).map((a) => a.baseURL));
      try {
        const r = await outage(`${proxy.url}${path}`);
        console.log(
          `| ${n} | ${label} | ${r.rpsBefore} | ${r.rpsDuring} | ${r.p99During} | ${r.errorsDuring} | ${r.errorsAfter} | ${r.hung} | ${r.recoveryMs} |`,
        );
      } finally {
        await proxy.close();
      }
    }
  }
  for (const [i, app] of apps.entries()) {
    if (/Starting|ready at/.test(app.output()) && !/exited/.test(app.output())) continue;
    console.log(`instance ${i + 1} output:\n${app.output()}`);
  }
} finally {
  await Promise.all(apps.map((a) => a.stop()));
  gate.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 2 });
}
