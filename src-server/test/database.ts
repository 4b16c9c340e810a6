import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { inject } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../../db/client";
import { rows } from "../../db/migrate";

/** A test file's database: `close` closes it (a test of a database gone), `giveBack` hands it on when the file is done. */
export interface TestDatabase extends Database {
  giveBack(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default,
 * or, when TEST_DATABASE_URL is set, a new database cloned from the migrated template on that server.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (url && template) {
    const name = `seer_test_${template.replace("seer_test_template_", "")}_${randomBytes(6).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ url: u.toString(), maxConnections: 20 });
    const close = async () => {
      await database.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    return { ...database, close, giveBack: close };
  }
  return lent((await emptiedSpare()) ?? (await fromTemplate()));
}

/**
 * Opening the PGlite template costs 1.5 to 2 s per test file (a 45 MB data folder loaded into a new WebAssembly
 * instance); emptying a database a file has finished with costs a tenth of that. So each worker keeps the last
 * database a file closed, and the next file gets it emptied back to the template's state: every table truncated
 * (identities restarted) except the few the migrations filled. It is only reused when nothing of the last file can
 * reach it any more or has changed its shape: no open transaction, no channel listened to, no session lock, and the
 * same tables, columns, functions, types, constraints and indexes as the template; otherwise it is closed and the
 * next file loads the template as before.
 */
interface Embedded {
  database: Database;
  pglite: PGlite;
}

/** The database the last file of this worker closed, waiting to be emptied for the next one. */
let spare: Embedded | undefined;

/** The template's shape and its tables to empty, read once per worker from its first fresh copy. */
let templateShape: { signature: string; truncate: string } | undefined;

/** Tables whose rows the template itself holds (the migrations' record, the job queue's version and instance). */
const KEPT_TABLES = new Set(["drizzle.__drizzle_migrations", "pgboss.version", "pgboss.instance"]);

/** What DDL would change: every relation, column, function, type, constraint and trigger outside the system. */
const SHAPE = `
  with user_ns as (select oid, nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'),
  shape(x) as (
    select n.nspname || '.' || c.relname || ':' || c.relkind::text from pg_class c join user_ns n on n.oid = c.relnamespace
    union all select c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text from pg_attribute a join pg_class c on c.oid = a.attrelid join user_ns n on n.oid = c.relnamespace where a.attnum > 0 and not a.attisdropped
    union all select n.nspname || '.' || p.proname || ':' || md5(p.prosrc) from pg_proc p join user_ns n on n.oid = p.pronamespace
    union all select n.nspname || '.' || t.typname from pg_type t join user_ns n on n.oid = t.typnamespace
    union all select n.nspname || '.' || o.conname from pg_constraint o join user_ns n on n.oid = o.connamespace
    union all select c.relname || '.' || g.tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid join user_ns n on n.oid = c.relnamespace
    union all select nspname from user_ns
  )
  select md5(string_agg(x, ',' order by x)) as signature from shape`;

async function signatureOf(pglite: PGlite): Promise<string> {
  const { rows: found } = await pglite.query<{ signature: string }>(SHAPE);
  return found[0]?.signature ?? "";
}

async function fromTemplate(): Promise<Embedded> {
  const tarball = readFileSync(inject("pgliteTemplate"));
  const database = await openDatabase({ loadDataDir: new Blob([tarball]) });
  const pglite = database.pglite;
  if (!pglite) throw new Error("An embedded database has its PGlite");
  if (!templateShape) {
    const { rows: tables } = await pglite.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name, schemaname || '.' || tablename as plain
         from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const names = (tables as { name: string; plain: string }[]).filter((t) => !KEPT_TABLES.has(t.plain)).map((t) => t.name);
    templateShape = { signature: await signatureOf(pglite), truncate: `truncate ${names.join(", ")} restart identity cascade` };
  }
  return { database, pglite };
}

/** The spare database emptied back to the template's state, or undefined (none, or it cannot be reused: closed). */
async function emptiedSpare(): Promise<Embedded | undefined> {
  const candidate = spare;
  spare = undefined;
  if (!candidate || !templateShape) return undefined;
  const { pglite } = candidate;
  const shape = templateShape;
  try {
    const reusable = await Promise.race([
      (async () => {
        if (pglite.closed || pglite.isInTransaction()) return false;
        const { rows: held } = await pglite.query<{ n: number }>(
          `select (select count(*) from pg_listening_channels())::int + (select count(*) from pg_locks where locktype = 'advisory')::int as n`,
        );
        if ((held[0]?.n ?? 1) !== 0 || (await signatureOf(pglite)) !== shape.signature) return false;
        await pglite.exec(`reset all; ${shape.truncate}`);
        return true;
      })(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000).unref()),
    ]);
    if (reusable) return candidate;
  } catch {
    // Anything unexpected: the template is loaded instead.
  }
  await candidate.database.close().catch(() => undefined);
  return undefined;
}

/** The database as a test file gets it: giving it back makes it this worker's spare (closing the one before). */
function lent(embedded: Embedded): TestDatabase {
  let returned = false;
  return {
    ...embedded.database,
    async giveBack() {
      if (returned) return;
      returned = true;
      const before = spare;
      spare = embedded;
      await before?.database.close();
    },
  };
}

/**
 * The transaction that last wrote the payment event about `paymentIntentId`, and the one that last wrote the row `id` of
 * `table` (PostgreSQL's `xmin`): equal when both were written by one transaction.
 */
export async function writersOfEventAndRow(
  db: Db,
  paymentIntentId: string,
  table: "bookings" | "orders",
  id: string,
): Promise<{ event: string | undefined; row: string | undefined }> {
  const [event] = rows<{ x: string }>(
    await db.execute(sql`select xmin::text as x from payment_events where payload->>'paymentIntentId' = ${paymentIntentId}`),
  );
  const [row] = rows<{ x: string }>(await db.execute(sql`select xmin::text as x from ${sql.identifier(table)} where id = ${id}`));
  return { event: event?.x, row: row?.x };
}
