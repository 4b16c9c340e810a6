import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type Logger } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { pgliteExtensions, type Db } from "../../db/client";
import { migrate, rows } from "../../db/migrate";
import { seerListInputSchema, type SeerListInput } from "../../src/schemas/seers";
import { PRODUCT_PAGE_SIZE } from "../../src/domain/pages";
import { productListInputSchema } from "../../src/schemas/shop";
import { createSeerService } from "../../src-server/modules/seers";
import { createShopService } from "../../src-server/modules/shop";
import { BENCH_COUNTRIES, BENCH_SPECIALIZATIONS, fillProducts, fillSeers } from "./fill";

// npm run bench:search [-- ROUNDS SMALL LARGE]: search at scale (issue #18). Fills SMALL (default 10,000) Seers and
// as many products, measures the directory's and the shop's reads through the services the routes call, grows both
// to LARGE (default 100,000) and measures again; prints p50 and p95 at both sizes, the ratio of the p50s, and
// whether each query's statements use an index (EXPLAIN at the large size). Goal: every ratio at most 2.
// Uses DATABASE_URL (a scratch database: it is filled, not emptied) when set, else a temporary PGlite.
const ROUNDS = Number(process.argv[2] ?? 30);
const SMALL = Number(process.argv[3] ?? 10_000);
const LARGE = Number(process.argv[4] ?? 100_000);
const WARM_UP = 3;

/** The statements the services send while `capturing`, to EXPLAIN the very ones a case ran. */
const captured: { query: string; params: unknown[] }[] = [];
let capturing = false;
const logger: Logger = { logQuery: (query, params) => void (capturing && captured.push({ query, params })) };

interface Bench {
  db: Db;
  kind: string;
  explain(query: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

async function open(): Promise<Bench> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = postgres(url, { max: 4, onnotice: () => {} });
    return {
      db: drizzlePostgres({ client, logger }) as unknown as Db,
      kind: "PostgreSQL",
      explain: async (query, params) =>
        (await client.unsafe(`explain (format json) ${query}`, params as postgres.ParameterOrJSON<never>[]))[0]?.["QUERY PLAN"],
      close: () => client.end({ timeout: 5 }),
    };
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "seer-bench-search-"));
  const client = await PGlite.create({ dataDir: path.join(tmp, "db"), extensions: pgliteExtensions });
  const version = (await client.query<{ v: string }>("select current_setting('server_version') v")).rows[0]?.v ?? "";
  return {
    db: drizzlePglite({ client, logger }) as unknown as Db,
    kind: `PGlite (PostgreSQL ${version})`,
    explain: async (query, params) =>
      (await client.query<Record<string, unknown>>(`explain (format json) ${query}`, params)).rows[0]?.["QUERY PLAN"],
    close: async () => {
      await client.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** The indexes a plan reads, and the tables it reads whole. */
function scansOf(plan: unknown): { indexes: string[]; seqScans: string[] } {
  const parsed: unknown = typeof plan === "string" ? JSON.parse(plan) : plan;
  const root = (parsed as { Plan: PlanNode }[])[0]?.Plan;
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  const walk = (node: PlanNode) => {
    if (node["Index Name"]) indexes.add(node["Index Name"]);
    if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) seqScans.add(node["Relation Name"]);
    node.Plans?.forEach(walk);
  };
  if (root) walk(root);
  return { indexes: [...indexes], seqScans: [...seqScans] };
}

const bench = await open();
const { db } = bench;
await migrate(db);
const seers = createSeerService({ db });
const shop = createShopService({ db });

type Cursor = NonNullable<SeerListInput["cursor"]>;
/** The directory's input for the page after `pages` - 1 presses of Load more, found by following nextCursor. */
async function directoryCursor(pages: number): Promise<Cursor | undefined> {
  let cursor: Cursor | undefined;
  for (let i = 1; i < pages; i++) cursor = (await seers.list(seerListInputSchema.parse({ cursor }))).nextCursor ?? undefined;
  return cursor;
}

/** The cursor of the shop's page `pages` as the screen reads it (PRODUCT_PAGE_SIZE a page), or undefined for the first. */
async function shopCursor(pages: number): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let i = 1; i < pages; i++)
    cursor = (await shop.list(productListInputSchema.parse({ cursor, limit: PRODUCT_PAGE_SIZE }))).nextCursor ?? undefined;
  return cursor;
}

interface Case {
  name: string;
  /** Runs the query once; answers the size of its result (the directory's total, the shop's rows). */
  run(): Promise<number>;
}
const directory = (input: SeerListInput) => async () => (await seers.list(seerListInputSchema.parse(input))).total;
const products = (input: Record<string, string | number>) => async () => (await shop.list(productListInputSchema.parse(input))).items.length;
const category = async (n: number) =>
  rows<{ id: string }>(await db.execute(sql`select id from product_categories where slug = ${`bench-category-${n}`}`))[0]?.id ?? "";

async function casesAt(): Promise<Case[]> {
  const page10 = await directoryCursor(10);
  const shopPage10 = await shopCursor(10);
  if (!shopPage10) throw new Error("The shop has fewer than 10 pages of products");
  const bells = await category(3);
  return [
    { name: "directory: first page", run: directory({}) },
    { name: "directory: page 10 (9 x Load more)", run: directory({ cursor: page10 }) },
    { name: `directory: 'ancestors' + ${BENCH_COUNTRIES[1]}`, run: directory({ search: "ancestors", country: BENCH_COUNTRIES[1] }) },
    {
      name: `directory: 'tradition 7' + ${BENCH_SPECIALIZATIONS[0]}`,
      run: directory({ search: "tradition 7", specialization: BENCH_SPECIALIZATIONS[0] }),
    },
    { name: "directory: a name ('seer 4242')", run: directory({ search: "seer 4242" }) },
    { name: "shop: first page", run: products({}) },
    { name: "shop: page 10 (9 x Load more)", run: products({ cursor: shopPage10, limit: PRODUCT_PAGE_SIZE }) },
    { name: "shop: 'bell' + a category", run: products({ search: "bell", categoryId: bells }) },
    { name: "shop: 'bell'", run: products({ search: "bell" }) },
    { name: "shop: a product ('no. 4242')", run: products({ search: "no. 4242" }) },
  ];
}

interface Figures {
  p50: number;
  p95: number;
  size: number;
  scans: string;
}

async function measure(): Promise<Map<string, Figures>> {
  const cases = await casesAt();
  const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  const sizes = new Map<string, number>();
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    // Interleaved, each round in another order, so that the machine's noise and the caches hit every case alike.
    for (let i = 0; i < cases.length; i++) {
      const c = cases[(i + round) % cases.length];
      if (!c) continue;
      const t = performance.now();
      sizes.set(c.name, await c.run());
      if (round >= WARM_UP) times.get(c.name)?.push(performance.now() - t);
    }
  }
  const result = new Map<string, Figures>();
  for (const c of cases) {
    const sorted = (times.get(c.name) ?? []).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    captured.length = 0;
    capturing = true;
    await c.run();
    capturing = false;
    const plans = await Promise.all(captured.map(async (s) => scansOf(await bench.explain(s.query, s.params))));
    const indexes = [...new Set(plans.flatMap((p) => p.indexes))];
    const seqScans = [...new Set(plans.flatMap((p) => p.seqScans))];
    const scans = `${seqScans.length ? "NO" : "yes"}: ${[...indexes, ...seqScans.map((t) => `seq scan ${t}`)].join(", ")}`;
    result.set(c.name, { p50: at(0.5), p95: at(0.95), size: sizes.get(c.name) ?? 0, scans });
  }
  return result;
}

async function grow(from: number, to: number): Promise<void> {
  const started = performance.now();
  await fillSeers(db, from, to);
  await fillProducts(db, from, to);
  await db.execute(sql`vacuum analyze seers`);
  await db.execute(sql`vacuum analyze products`);
  console.log(`Seers and products ${from}..${to} in ${Math.round(performance.now() - started)} ms`);
}

console.log(`bench:search on ${bench.kind}, ${ROUNDS} rounds after ${WARM_UP} of warm-up`);
await grow(1, SMALL);
const small = await measure();
await grow(SMALL + 1, LARGE);
const large = await measure();
await bench.close();

const k = (n: number) => `${Math.round(n / 1000)}k`;
const ms = (n: number) => n.toFixed(1).padStart(7);
const header = [
  "query".padEnd(38),
  `rows ${k(SMALL)}`.padStart(9),
  `rows ${k(LARGE)}`.padStart(10),
  `p50 ${k(SMALL)}`.padStart(8),
  `p95 ${k(SMALL)}`.padStart(8),
  `p50 ${k(LARGE)}`.padStart(9),
  `p95 ${k(LARGE)}`.padStart(9),
  "ratio".padStart(6),
  `  index at ${k(LARGE)} (EXPLAIN)`,
].join(" ");
console.log(`\n${header}`);
let over = 0;
for (const [name, s] of small) {
  const l = large.get(name);
  if (!l) continue;
  const ratio = l.p50 / Math.max(s.p50, 0.001);
  if (ratio > 2) over++;
  console.log(
    [
      name.padEnd(38),
      String(s.size).padStart(9),
      String(l.size).padStart(10),
      ms(s.p50).padStart(8),
      ms(s.p95).padStart(8),
      ms(l.p50).padStart(9),
      ms(l.p95).padStart(9),
      `${ratio.toFixed(2)}${ratio > 2 ? "!" : " "}`.padStart(6),
      ` ${l.scans}`,
    ].join(" "),
  );
}
console.log(`\nms; ratio = p50 at ${k(LARGE)} / p50 at ${k(SMALL)}; ${over} of ${small.size} over 2 (marked !). rows: the directory's total, the shop's rows.`);
