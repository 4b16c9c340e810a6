import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../../db/client";
import { rows } from "../../db/migrate";

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default,
 * or, when TEST_DATABASE_URL is set, a new database cloned from the migrated template on that server.
 */
export async function createTestDatabase(): Promise<Database> {
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
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = postgres(url, { max: 1, onnotice: () => {} });
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const tarball = readFileSync(inject("pgliteTemplate"));
  return openDatabase({ loadDataDir: new Blob([tarball]) });
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
