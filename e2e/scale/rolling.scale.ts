import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { readMigrationFiles } from "drizzle-orm/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { migrationsFolder } from "../../db/migrate";
import { projectRoot } from "../../db/project-root";
import { createUser } from "../../db/seed/factories";
import { buildServer } from "../../scripts/lib/build-server";
import { checkMigrations } from "../../scripts/lib/migration-check";
import { startRoundRobinProxy, type RoundRobinProxy } from "../../scripts/lib/proxy";
import { startApp, type RunningApp } from "../../scripts/lib/serve";
import { mintSession } from "../../scripts/lib/sessions";

/**
 * A rolling deploy under load (issue #47, docs/deploy.md): three instances serve a steady stream of reads and writes
 * through a balancer that never replays a request; one at a time, each is sent SIGTERM (it drains) and replaced by an
 * instance of the next build, whose start applies that build's new expand migration while the old instances still
 * serve. None of the requests may fail, the migration is applied once, and at the end the three run the new build.
 * Each further entry of EXPANDS rolls once more, onto a build with one more migration (one roll: they take a while
 * on a crowded machine). Needs PostgreSQL (TEST_DATABASE_URL, as `npm run test:scale`).
 */
const base = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `seer_rolling_${process.pid}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
const url = `${base.slice(0, base.lastIndexOf("/"))}/${name}`;
const SECRET = "a-shared-session-secret-for-a-rolling-deploy";
const READINESS_INTERVAL_MS = 200;
/** Checks failed in a row before the balancer takes an instance out (as cloud balancers' defaults, 2 or more). */
const UNHEALTHY_THRESHOLD = 2;
/** Clients sending at once, each as fast as it is answered; at least this many requests during each roll. */
const CONCURRENCY = 10;
const MIN_REQUESTS = 300;

const env = (seed: boolean) => ({
  NODE_ENV: "development",
  DATABASE_URL: url,
  SESSION_SECRET: SECRET,
  SEED_DEMO: seed ? "true" : "false",
  TRUST_PROXY: "1",
  LOG_LEVEL: "info",
  // Longer than the balancer's interval × threshold plus its check's timeout (1 s), as docs/deploy.md asks: it has
  // stopped sending before the instance stops serving, even when a check is slow (a new instance is starting beside).
  DRAIN_GRACE_MS: String(READINESS_INTERVAL_MS * UNHEALTHY_THRESHOLD + 1000 + 600),
});

/** The expand migrations of the builds rolled onto, in order: each build has the project's and all up to its own. */
const EXPANDS = [
  {
    tag: "9001_rolling_nickname",
    sql: `ALTER TABLE "users" ADD COLUMN "rolling_nickname" text;\n--> statement-breakpoint\nCREATE TABLE "rolling_probes" ("id" serial PRIMARY KEY, "note" text);`,
    check: `select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'rolling_nickname'`,
  },
] as const;

/**
 * A release as production runs it (`npm start`): the server compiled to one file, dist/server/main.js, beside its
 * package.json and db/migrations (where the compiled server finds them), with the project's migrations and the first
 * `expands` of EXPANDS. Answers its folder; `startApp(env, { root, compiled: true })` starts it.
 */
async function release(expands: number): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), "seer-release-"));
  cpSync(path.join(projectRoot, "package.json"), path.join(root, "package.json"));
  cpSync(migrationsFolder, path.join(root, "db", "migrations"), { recursive: true });
  symlinkSync(realpathSync(path.join(projectRoot, "node_modules")), path.join(root, "node_modules"));
  const journalPath = path.join(root, "db", "migrations", "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Record<string, unknown>[] };
  const last = journal.entries.at(-1) ?? {};
  for (const [i, expand] of EXPANDS.slice(0, expands).entries()) {
    journal.entries.push({ ...last, idx: journal.entries.length, when: Date.now() + i, tag: expand.tag });
    writeFileSync(path.join(root, "db", "migrations", `${expand.tag}.sql`), expand.sql);
  }
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  await buildServer(path.join(root, "dist", "server", "main.js"));
  return root;
}

let proxy: RoundRobinProxy;
/** Every instance started, by its index in the balancer. */
const apps: RunningApp[] = [];
/** The running release (the project's own migrations), then the builds rolled onto, one more expand each. */
const builds: string[] = [];

beforeAll(async () => {
  await admin.unsafe(`create database ${name}`);
  for (let i = 0; i <= EXPANDS.length; i++) builds.push(await release(i));
  const current = { timeoutMs: 120_000, root: builds[0] ?? "", compiled: true };
  // The first migrates and seeds; the other two join.
  apps.push(await startApp(env(true), current));
  apps.push(...(await Promise.all([startApp(env(false), current), startApp(env(false), current)])));
  proxy = await startRoundRobinProxy(
    apps.map((a) => a.baseURL),
    { replay: "never", readinessIntervalMs: READINESS_INTERVAL_MS, unhealthyThreshold: UNHEALTHY_THRESHOLD },
  );
}, 300_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(apps.map((a) => a.stop()));
  for (const root of builds) rmSync(root, { recursive: true, force: true });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 2 });
}, 120_000);

interface Outcome {
  kind: "read" | "session" | "write";
  status: string;
  upstream: number;
  startedAt: number;
}

async function send(
  kind: Outcome["kind"],
  pathname: string,
  init: RequestInit & { cookie: string },
): Promise<Outcome & { body: string }> {
  const startedAt = Date.now();
  const headers = new Headers(init.headers);
  headers.set("cookie", init.cookie);
  if (init.method === "POST") {
    headers.set("content-type", "application/json");
    headers.set("origin", proxy.url);
  }
  try {
    const response = await fetch(`${proxy.url}${pathname}`, { ...init, headers });
    const body = await response.text();
    const upstream = response.headers.get("x-upstream");
    return { kind, status: String(response.status), upstream: upstream === null ? -1 : Number(upstream), startedAt, body };
  } catch (error) {
    return { kind, status: String(error), upstream: -1, startedAt, body: "" };
  }
}

/**
 * The steady stream: CONCURRENCY clients, each signed in, in turn adding a product to its cart and taking it out
 * again (two writes), reading its session and reading the Seers' list (twice), until stopped.
 */
function startLoad(cookies: string[], productId: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  const client = async (cookie: string) => {
    for (let turn = 0; running; turn++) {
      const step = turn % 4;
      if (step === 0) {
        const added = await send("write", "/trpc/cart.add", {
          method: "POST",
          cookie,
          body: JSON.stringify({ json: { productId, quantity: 1 } }),
        });
        outcomes.push(added);
        if (added.status !== "200") continue;
        const line = (JSON.parse(added.body) as { result: { data: { json: { id: string } } } }).result.data.json;
        outcomes.push(
          await send("write", "/trpc/cart.remove", { method: "POST", cookie, body: JSON.stringify({ json: { id: line.id } }) }),
        );
      } else if (step === 1) outcomes.push(await send("session", "/trpc/account.me", { cookie }));
      else outcomes.push(await send("read", "/api/seers", { cookie }));
    }
  };
  const done = Promise.all(cookies.map((c) => client(c)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe("a rolling deploy under load", () => {
  const cookies: string[] = [];
  let productId = "";

  beforeAll(async () => {
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const db = drizzle({ client: sql }) as unknown as Db;
    try {
      for (let i = 0; i < CONCURRENCY; i++)
        cookies.push(await mintSession(db, (await createUser(db, { email: `rolling-${i}@example.com` })).id, SECRET));
      const [product] = await sql<{ id: string }[]>`
        select id from products where is_active and stock_quantity >= ${CONCURRENCY} order by id limit 1`;
      if (!product) throw new Error("no product to add to carts");
      productId = product.id;
    } finally {
      await sql.end({ timeout: 2 });
    }
  });

  it("fails none of the requests while the three instances are replaced one at a time by a build with a new expand migration", async () => {
    const database = postgres(url, { max: 1, onnotice: () => {} });
    const own = readMigrationFiles({ migrationsFolder }).length;
    const report: string[] = [];
    try {
      for (const [roll, root] of builds.slice(1).entries()) {
        const expand = EXPANDS[roll];
        if (!expand) throw new Error("no expand for this build");
        const folder = path.join(root, "db", "migrations");
        // The CI check passes the new build's migrations: an expand.
        expect(checkMigrations(folder)).toEqual([]);
        const hash = readMigrationFiles({ migrationsFolder: folder }).at(-1)?.hash ?? "";
        const applied = async () =>
          (await database<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations where hash = ${hash}`)[0]
            ?.n;
        const columnThere = async () => (await database.unsafe<{ n: number }[]>(expand.check))[0]?.n;
        expect(await applied()).toBe(0);
        expect(await columnThere()).toBe(0);

        const old = [...apps.keys()].filter((i) => proxy.ready()[i]);
        expect(old).toHaveLength(3);
        const fresh: number[] = [];
        const started = Date.now();
        const load = startLoad(cookies, productId);
        await expect.poll(() => load.outcomes.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(60);
        let schemaAt = 0;
        const steps: string[] = [];
        for (const index of old) {
          const stepStarted = Date.now();
          const leaving = apps[index];
          if (!leaving) throw new Error("no instance to replace");
          // 1. SIGTERM: it drains (readyz 503, keeps serving for the grace, then exits).
          const exited = leaving.stop();
          const sigtermAt = Date.now();
          const seenDraining = expect
            .poll(() => proxy.ready()[index], { timeout: 10_000, interval: 10 })
            .toBe(false)
            .then(() => Date.now() - sigtermAt);
          // 2. Its replacement, on the new build: its start applies the new migration (the first one's) and waits for it.
          const next = await startApp(env(false), { timeoutMs: 120_000, root, compiled: true });
          const startMs = Date.now() - stepStarted;
          if (!schemaAt) {
            expect(await columnThere()).toBe(1);
            schemaAt = Date.now();
          }
          // 3. Into the balancer: traffic from its first 200 on /readyz.
          const added = proxy.add(next.baseURL);
          apps[added] = next;
          fresh.push(added);
          await expect.poll(() => proxy.ready()[added], { timeout: 10_000, interval: 20 }).toBe(true);
          // 4. The old one has gone; out of the balancer's list.
          await exited;
          expect(leaving.output()).toMatch(/drained/);
          proxy.setEnabled(index, false);
          steps.push(
            `${Date.now() - stepStarted} ms (new one started in ${startMs} ms, the old out of rotation ${await seenDraining} ms after SIGTERM)`,
          );
        }
        const rolledAt = Date.now();
        const rolledCount = load.outcomes.length;
        await expect
          .poll(() => load.outcomes.length, { timeout: 60_000, interval: 20 })
          .toBeGreaterThanOrEqual(Math.max(MIN_REQUESTS, rolledCount + 60));
        await load.stop();
        const outcomes = load.outcomes;
        const failed = outcomes.filter((o) => o.status !== "200");
        const byOldAfterSchema = outcomes.filter((o) => o.startedAt > schemaAt && old.includes(o.upstream)).length;
        const afterRoll = outcomes.filter((o) => o.startedAt > rolledAt);
        const kinds = (kind: Outcome["kind"]) => outcomes.filter((o) => o.kind === kind).length;
        report.push(
          `  roll ${roll + 1} onto ${expand.tag}: ${outcomes.length} requests (${kinds("read")} reads, ${kinds("session")} session reads, ${kinds("write")} writes), ${failed.length} failed ${JSON.stringify(failed.slice(0, 5))}; ${byOldAfterSchema} served by the old build after the new schema was there; steps ${steps.join(", ")}; ${Date.now() - started} ms`,
        );

        expect(failed).toEqual([]);
        expect(outcomes.length).toBeGreaterThanOrEqual(MIN_REQUESTS);
        expect(kinds("write")).toBeGreaterThan(0);
        // Applied once though three instances of the new build started, and nothing else of it.
        expect(await applied()).toBe(1);
        expect((await database<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`)[0]?.n).toBe(
          own + roll + 1,
        );
        expect(await columnThere()).toBe(1);
        // The old build served alongside the new schema, and at the end only the new build serves, all three of it.
        expect(byOldAfterSchema).toBeGreaterThan(0);
        expect(afterRoll.length).toBeGreaterThan(0);
        expect(afterRoll.filter((o) => !fresh.includes(o.upstream))).toEqual([]);
        expect(new Set(afterRoll.map((o) => o.upstream)).size).toBe(3);
        for (const index of fresh) expect((await fetch(`${apps[index]?.baseURL}/readyz`)).status).toBe(200);
        for (const index of old) {
          const pid = apps[index]?.pid;
          if (!pid) throw new Error("no process id");
          expect(() => process.kill(pid, 0), "the old process has exited").toThrow();
        }
      }
    } finally {
      console.log(`rolling deploys (${CONCURRENCY} clients at once):\n${report.join("\n")}`);
      await database.end({ timeout: 2 });
    }
  }, 300_000);
});
