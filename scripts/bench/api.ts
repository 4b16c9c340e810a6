import { existsSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/postgres-js";
import Fastify from "fastify";
import postgres from "postgres";
import superjson from "superjson";
import type { Db } from "../../db/client";
import { migrate } from "../../db/migrate";
import { articleListInputSchema } from "../../src/schemas/articles";
import { seerListInputSchema } from "../../src/schemas/seers";
import { productListInputSchema } from "../../src/schemas/shop";
import * as schema from "../../db/schema";
import { systemClock } from "../../src-server/platform/clock";
import { createArticleService } from "../../src-server/modules/articles";
import { createSeerService } from "../../src-server/modules/seers";
import { createShopService } from "../../src-server/modules/shop";
import { freePort, startApp } from "../lib/serve";

// npm run bench:api [-- SECONDS_PER_ROUND ROUNDS]: the public reads of the API, ours against a bare Fastify route
// running the same SQL through postgres.js on the same database, in interleaved rounds (so that the machine's noise
// hits both alike); prints requests per second, p50 and p99 for each, and the ratio ours/bare. Needs PostgreSQL
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is made and dropped)
// and a built client (`npm run build`). Goal (issue #18): every ratio at least 0.5, p99 at most 25 ms at 20 connections.
// BENCH_READS="Seer profile,product" measures only those reads (while working on one).
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const CONNECTIONS = 20;
const root = path.resolve(import.meta.dirname, "../..");
if (!existsSync(path.join(root, "dist/client/index.html"))) throw new Error("Build the client first: npm run build");

const base = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `seer_bench_api_${process.pid}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = `${base.slice(0, base.lastIndexOf("/"))}/${name}`;

/** Every statement the services send, to replay it bare. */
const captured: { query: string; params: unknown[] }[] = [];
const client = postgres(url, { max: 10, onnotice: () => {} });
const db = drizzle({
  client,
  schema,
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
}) as unknown as Db;
await migrate(db);

const app = await startApp(
  { NODE_ENV: "production", DATABASE_URL: url, SEED_DEMO: "true", SESSION_SECRET: "b".repeat(40), LOG_LEVEL: "warn" },
  { compiled: true },
);
const bare = Fastify({ logger: false });
try {
  const seers = createSeerService({ db });
  const shop = createShopService({ db });
  const articles = createArticleService({ db, clock: systemClock });
  const directory = seerListInputSchema.parse({});
  const products = productListInputSchema.parse({});
  const articleList = articleListInputSchema.parse({});
  const [seer] = (await seers.list(directory)).items;
  const [product] = (await shop.list(products)).items;
  const [article] = await articles.listPublished(articleList);
  if (!seer || !product || !article) throw new Error("The demo data is missing");

  /** The statements one service call sends (a page and its count, say), to run the same ones bare. */
  async function sqlOf(call: () => Promise<unknown>) {
    captured.length = 0;
    await call();
    if (!captured.length) throw new Error("No query captured");
    return [...captured];
  }
  const trpc = (procedure: string, input: unknown) =>
    `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const cases = [
    {
      name: "Seer profile",
      sql: await sqlOf(() => seers.byId(seer.id)),
      rest: `/api/seers/${seer.id}`,
      trpc: trpc("seers.byId", { id: seer.id }),
    },
    { name: "directory page", sql: await sqlOf(() => seers.list(directory)), rest: null, trpc: trpc("seers.list", {}) },
    {
      name: "product",
      sql: await sqlOf(() => shop.bySlug(product.slug)),
      rest: null,
      trpc: trpc("shop.product", { slug: product.slug }),
    },
    { name: "product list", sql: await sqlOf(() => shop.list(products)), rest: "/api/products", trpc: trpc("shop.products", {}) },
    {
      name: "article",
      sql: await sqlOf(() => articles.bySlug(article.article.slug, null)),
      rest: `/api/articles/${article.article.slug}`,
      trpc: trpc("articles.bySlug", { slug: article.article.slug }),
    },
    {
      name: "article list",
      sql: await sqlOf(() => articles.listPublished(articleList)),
      rest: "/api/articles",
      trpc: trpc("articles.list", {}),
    },
  ].filter((c) => !process.env.BENCH_READS || process.env.BENCH_READS.split(",").includes(c.name));

  // The bare baseline: one route per case, the captured statements as prepared statements (together, as the
  // services run them), the rows as JSON.
  const sql = postgres(url, { max: 10, onnotice: () => {}, prepare: true });
  cases.forEach((c, i) => {
    bare.get(`/bare/${i}`, async () =>
      Promise.all(c.sql.map((s) => sql.unsafe(s.query, s.params as postgres.ParameterOrJSON<never>[], { prepare: true }))),
    );
  });
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: "127.0.0.1" });
  const bareURL = `http://127.0.0.1:${barePort}`;

  async function measure(target: string) {
    const result = await autocannon({ url: target, connections: CONNECTIONS, duration: seconds });
    if (result.non2xx || result.errors) throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  }
  type Figures = Awaited<ReturnType<typeof measure>>;
  const results = new Map<string, Figures[]>();
  const add = (key: string, f: Figures) => results.set(key, [...(results.get(key) ?? []), f]);

  // Warm-up, then interleaved rounds: bare, REST, tRPC for each case in turn.
  for (const [i, c] of cases.entries()) {
    await autocannon({ url: `${bareURL}/bare/${i}`, connections: CONNECTIONS, duration: 1 });
    await autocannon({ url: `${app.baseURL}${c.trpc}`, connections: CONNECTIONS, duration: 1 });
  }
  for (let round = 0; round < rounds; round++) {
    for (const [i, c] of cases.entries()) {
      add(`${c.name}|bare`, await measure(`${bareURL}/bare/${i}`));
      if (c.rest) add(`${c.name}|REST`, await measure(`${app.baseURL}${c.rest}`));
      add(`${c.name}|tRPC`, await measure(`${app.baseURL}${c.trpc}`));
    }
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const summary = (key: string) => {
    const list = results.get(key) ?? [];
    return { rps: median(list.map((f) => f.rps)), p50: median(list.map((f) => f.p50)), p99: median(list.map((f) => f.p99)) };
  };
  console.log(
    `\n${rounds} interleaved rounds of ${seconds} s, ${CONNECTIONS} connections, medians (PostgreSQL, production build)\n`,
  );
  console.log("| read | door | req/s | p50 ms | p99 ms | ours / bare |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  for (const c of cases) {
    const b = summary(`${c.name}|bare`);
    console.log(`| ${c.name} | bare | ${Math.round(b.rps)} | ${b.p50} | ${b.p99} | |`);
    for (const door of ["REST", "tRPC"] as const) {
      if (!results.has(`${c.name}|${door}`)) continue;
      const o = summary(`${c.name}|${door}`);
      console.log(`| ${c.name} | ${door} | ${Math.round(o.rps)} | ${o.p50} | ${o.p99} | ${(o.rps / b.rps).toFixed(2)}x |`);
    }
  }
  await sql.end({ timeout: 5 });
} finally {
  await bare.close();
  await app.stop();
  await client.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 5 });
}
