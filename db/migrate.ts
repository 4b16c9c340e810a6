import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client";
import { projectRoot } from "./project-root";

export const migrationsFolder = path.join(projectRoot, "db", "migrations");

/**
 * How long a migration's statement may wait for a table's lock before it fails (issue #47): a migration that queues
 * behind live traffic holds every request behind it; failing fast leaves the running version serving, and the deploy
 * is tried again (docs/deploy.md).
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 5000;

/**
 * Applies the committed migrations in order, once each, under an advisory lock so that
 * two processes starting together do not race. Works the same on PGlite and PostgreSQL.
 */
export async function migrate(
  db: Db,
  options: { folder?: string; lockTimeoutMs?: number } = {},
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: options.folder ?? migrationsFolder });
  const lockTimeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  if (!Number.isSafeInteger(lockTimeoutMs) || lockTimeoutMs <= 0) throw new RangeError(`Bad lock timeout: ${lockTimeoutMs}`);
  await db.transaction(async (tx) => {
    // Waiting here for another instance's migration is expected (they start together); the timeout applies after.
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await tx.execute(sql.raw(`set local lock_timeout = ${lockTimeoutMs}`));
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const applied = await tx.execute<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations`);
    const done = new Set(rows<{ hash: string }>(applied).map((r) => r.hash));
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (!statement.trim()) continue;
        try {
          await tx.execute(sql.raw(statement));
        } catch (error) {
          if (!isLockTimeout(error)) throw error;
          throw new Error(
            `A migration waited more than ${lockTimeoutMs} ms for a table that running requests hold, and stopped; nothing was applied. Run it again (docs/deploy.md).`,
            { cause: error },
          );
        }
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}

/** PostgreSQL's lock_not_available (55P03), on the error or on the cause drizzle wraps it in. */
function isLockTimeout(error: unknown): boolean {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "55P03") return true;
  }
  return false;
}

/** postgres.js returns an array of rows, PGlite an object with a rows field. */
export function rows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
