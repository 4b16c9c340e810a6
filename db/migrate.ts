import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client";
import { projectRoot } from "./project-root";

export const migrationsFolder = path.join(projectRoot, "db", "migrations");

/**
 * Applies the committed migrations in order, once each, under an advisory lock so that
 * two processes starting together do not race. Works the same on PGlite and PostgreSQL.
 */
export async function migrate(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const applied = await tx.execute<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations`);
    const done = new Set(rows<{ hash: string }>(applied).map((r) => r.hash));
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}

/** postgres.js returns an array of rows, PGlite an object with a rows field. */
export function rows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
