import net from "node:net";
import autocannon from "autocannon";
import postgres from "postgres";
import { startRoundRobinProxy } from "../lib/proxy";
import { freePort, startApp, type RunningApp } from "../lib/serve";

// npm run bench:scale [-- SECONDS]: requests per second for a directory page and a Seer's profile through a
// round-robin proxy in front of one, two and three instances (compiled, production mode) on one PostgreSQL
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is made and dropped);
// then, with three instances, the database cut off for 5 s in the middle of a run (every connection to it dropped
// and refused, as in a failover): errors during, and the time until every answer is right again.
// On one 2-core machine the instances, the proxy, the database and the load generator share the cores: the figures
// show that adding instances costs nothing and that an outage heals, not what more machines would give.
const seconds = Number(process.argv[2] ?? 10);
const CONNECTIONS = 20;
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

  // The database cut off for 5 s in the middle of a 20 s run with three instances.
  const proxy = await startRoundRobinProxy(apps.map((a) => a.baseURL));
  try {
    const outcomes: { at: number; ok: boolean }[] = [];
    const started = Date.now();
    let running = true;
    const worker = async () => {
      while (running) {
        let ok = false;
        try {
          const response = await fetch(`${proxy.url}${profile}`);
          await response.arrayBuffer();
          ok = response.status === 200;
        } catch {
          ok = false;
        }
        outcomes.push({ at: Date.now() - started, ok });
        if (!ok) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const workers = [...Array(CONNECTIONS).keys()].map(() => worker());
    await new Promise((r) => setTimeout(r, 7500));
    const cutAt = Date.now() - started;
    await gate.cut(5000);
    const backAt = Date.now() - started;
    await new Promise((r) => setTimeout(r, 7500));
    running = false;
    await Promise.all(workers);
    const failedDuring = outcomes.filter((o) => !o.ok && o.at >= cutAt && o.at < backAt).length;
    const failedAfter = outcomes.filter((o) => !o.ok && o.at >= backAt);
    const lastFailure = failedAfter.length ? Math.max(...failedAfter.map((o) => o.at)) : backAt;
    const before = outcomes.filter((o) => o.at < cutAt);
    console.log(
      `\nThe database cut off for 5 s (at ${(cutAt / 1000).toFixed(1)} s) under ${CONNECTIONS} connections, 3 instances\n`,
    );
    console.log("| requests | failed before | failed during the cut | failed after it | recovered after the cut (ms) |");
    console.log("| ---: | ---: | ---: | ---: | ---: |");
    console.log(
      `| ${outcomes.length} | ${before.filter((o) => !o.ok).length} | ${failedDuring} | ${failedAfter.length} | ${lastFailure - backAt} |`,
    );
    for (const [i, app] of apps.entries()) {
      if (/Starting|ready at/.test(app.output()) && !/exited/.test(app.output())) continue;
      console.log(`instance ${i + 1} output:\n${app.output()}`);
    }
  } finally {
    await proxy.close();
  }
} finally {
  await Promise.all(apps.map((a) => a.stop()));
  gate.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 2 });
}
