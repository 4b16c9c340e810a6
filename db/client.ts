import { mkdirSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One database type for both drivers: the code above this line never knows which one it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a service can run a query on: the database itself or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection URL (for the job queue's own pool); none for PGlite. */
  url?: string;
  /** The embedded database itself (the job queue runs on its one connection). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type OpenDatabaseOptions =
  { url: string; maxConnections?: number } | { dataDir?: string; loadDataDir?: Blob; url?: undefined };

/** Extensions the migrations create; PGlite needs them at construction, a real server has them in contrib. */
export const pgliteExtensions = { btree_gist, pg_trgm, unaccent } satisfies PGliteOptions["extensions"];

/**
 * Opens PostgreSQL through postgres.js when a URL is given, else embedded PGlite
 * (persisted in dataDir, or in memory when none is given).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url !== undefined) {
    const sql = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      // numeric stays a string (exact money); timestamps come back as Date.
    });
    const db = drizzlePostgres({ client: sql, schema }) as unknown as Db;
    return { db, kind: "postgres", url: options.url, close: () => sql.end({ timeout: 5 }) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}
