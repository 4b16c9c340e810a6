import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { migrate, rows } from "../../db/migrate";
import { seerListInputSchema, type SeerListInput } from "../../src/schemas/seers";
import { createSeerService } from "../../src-server/modules/seers";
import { fillSeers } from "./fill";

// npm run bench:seers [-- COUNT]: fills a database with COUNT approved Seers (default 20,000) and prints
// the latency of directory queries (search, filters, deep pages) and whether PostgreSQL uses the indexes.
// Uses DATABASE_URL (a scratch database you can drop) when set, else a temporary PGlite.
const count = Number(process.argv[2] ?? 20_000);
const tmp = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(os.tmpdir(), "seer-bench-"));
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(tmp ?? "", "db") },
);
await migrate(database.db);
const { db } = database;

const started = performance.now();
await fillSeers(db, 1, count);
await db.execute(sql`analyze seers`);
console.log(`Inserted ${count} Seers in ${Math.round(performance.now() - started)} ms (${database.kind})`);

const service = createSeerService({ db });
// Page 100 is where 99 presses of Load more lead: its cursor is the 99th page's nextCursor.
let page100: string | undefined;
for (let page = 1; page < 100; page++) {
  page100 = (await service.list(seerListInputSchema.parse({ cursor: page100 }))).nextCursor ?? undefined;
}
const cases: [string, SeerListInput][] = [
  ["first page, no filter", {}],
  ["page 100, no filter", { cursor: page100 }],
  ["search 'ancestors' (matches most)", { search: "ancestors" }],
  ["search rare word", { search: "zz9qx" }],
  ["country = Ghana", { country: "Ghana" }],
  ["specialization = Herbal Medicine", { specialization: "Herbal Medicine" }],
  ["language = Wolof + country = Mali", { language: "Wolof", country: "Mali" }],
];

for (const [name, input] of cases) {
  const query = seerListInputSchema.parse(input);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    total = (await service.list(query)).total;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(
    `${name.padEnd(36)} total ${String(total).padStart(6)}   p50 ${p(0.5).padStart(6)} ms   p95 ${p(0.95).padStart(6)} ms`,
  );
}

const plan = await db.execute(
  sql`explain select id from seers where verification_status = 'approved' and (full_name || ' ' || biography) ilike '%zz9qx%'`,
);
console.log("\nPlan for a rare search term:");
for (const row of rows<Record<string, string>>(plan)) console.log(`  ${Object.values(row)[0]}`);

await database.close();
if (tmp) rmSync(tmp, { recursive: true, force: true });
