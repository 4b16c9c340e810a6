import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { openDatabase, type Database, type Db, type Queryable } from "../../db/client";
import { migrate, rows } from "../../db/migrate";
import type { Config } from "./config";

/**
 * The configured database, migrated: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR.
 * The one way the app, the seed and the operator's scripts open it.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "databasePoolSize">>,
): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, maxConnections: config.databasePoolSize }
      : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** PostgreSQL error codes the services act on. */
export const PG = {
  UNIQUE_VIOLATION: "23505",
  CHECK_VIOLATION: "23514",
  EXCLUSION_VIOLATION: "23P01",
  DEADLOCK: "40P01",
  SERIALIZATION_FAILURE: "40001",
} as const;

interface PgErrorFields {
  code?: unknown;
  constraint_name?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error inside `error`, wherever postgres.js, PGlite or drizzle wrapped it (a few causes deep). */
function findPgError(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as PgErrorFields).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return current as PgErrorFields;
    current = (current as PgErrorFields).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or undefined when `error` is not one. */
export function sqlState(error: unknown): string | undefined {
  return findPgError(error)?.code as string | undefined;
}

/** True when `error` is PostgreSQL's unique violation, on `constraint` when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findPgError(error);
  if (found?.code !== PG.UNIQUE_VIOLATION) return false;
  if (constraint === undefined) return true;
  // postgres.js names the constraint in constraint_name, PGlite in constraint; both put it in the message.
  return (
    found.constraint_name === constraint ||
    found.constraint === constraint ||
    (typeof found.message === "string" && found.message.includes(constraint))
  );
}

/** Where a service reports what it did quietly: a request's logger (its lines carry the request id) or the app's. */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** True when PostgreSQL aborted the transaction as a deadlock or serialization victim (it may simply be run again). */
export function isVictim(error: unknown): boolean {
  const state = sqlState(error);
  return state === PG.DEADLOCK || state === PG.SERIALIZATION_FAILURE;
}

/**
 * Logs one retry of a deadlock or serialization victim, so that retried deadlocks are seen (and counted) in the log
 * instead of vanishing: `what` names the step, `log` is the request's logger when there is a request.
 */
export function noteVictimRetry(log: WarnLog | undefined, error: unknown, what: string, attempt: number): void {
  log?.warn({ sqlState: sqlState(error), what, attempt }, `${what}: chosen as a deadlock victim by PostgreSQL, retrying`);
}

/**
 * Runs `run` again (up to `attempts` times) when PostgreSQL chose it as a deadlock or serialization victim; each
 * retry is logged (a warning on `log`, naming `what`).
 */
export async function retryingVictims<T>(
  run: () => Promise<T>,
  options: { log?: WarnLog; what: string; attempts?: number },
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isVictim(error) || attempt >= attempts) throw error;
      noteVictimRetry(options.log, error, options.what, attempt);
    }
  }
}

/** Escapes LIKE's wildcards, so that searched text matches itself. */
/**
 * A column's bare name, for SQL written by hand where drizzle would qualify it with its table (an INSERT's column list,
 * ON CONFLICT, SET in a statement drizzle cannot build, such as an insert inside a CTE).
 */
export const columnName = (column: { name: string }) => sql.identifier(column.name);

export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search that forgives, over text columns joined by spaces: case and accents folded on both sides
 * (`search_fold`, db/migrations/0007: 'ifa' finds 'Ifá'), a substring match, or a near one by pg_trgm's word
 * similarity at its default threshold of 0.6 (`<%`: 'sangomma' finds 'Sangoma'). Both conditions are operators
 * that the trigram indexes on exactly this folded expression serve. `rank` puts substring matches first, then the
 * closest words (every match scored: the articles' list, which is small). The directory and the shop read the two
 * groups apart instead (`substring` in their own order, then `near` through `closestFirst`), so that a page never
 * scores every match.
 */
export function textSearch(
  columns: readonly PgColumn[],
  search: string,
): { where: SQL; rank: SQL[]; substring: SQL; near: SQL; similarity: SQL } {
  const joined = sql.join(
    columns.map((c) => sql`${c}`),
    sql` || ' ' || `,
  );
  const folded = sql`public.search_fold(${joined})`;
  const query = sql`public.search_fold(${search})`;
  const substring = sql`${folded} like '%' || public.search_fold(${escapeLike(search)}) || '%'`;
  // `near` compares with a scalar subquery, not a constant: the planner then takes `<%`'s default selectivity instead
  // of running word similarity on each of the 101 histogram entries ANALYZE keeps for the folded text (4 to 10 ms of
  // planning per statement), and the trigram index reads the value all the same. For `closestFirst`'s statements,
  // which read that index whatever the estimate. `where` keeps the constant: a count's plan needs the real estimate
  // ('tradition 7' is near almost every Seer: read by the filters' own index, not a bitmap of the whole table).
  const nearQuery = sql`(select ${query})`;
  const similarity = sql`word_similarity(${nearQuery}, ${folded})`;
  const near = sql`${nearQuery} <% ${folded}`;
  return {
    where: sql`(${substring} or ${query} <% ${folded})`,
    rank: [sql`(${substring}) desc`, sql`${similarity} desc`],
    substring: sql`(${substring})`,
    near,
    similarity,
  };
}

/**
 * The word similarity thresholds `closestFirst` tries, highest first; the last is pg_trgm's default and the product's
 * (docs/product.md#search), so that the last try is the whole set of near matches.
 */
const NEAR_THRESHOLDS = [0.8, 0.7, 0.6] as const;

/**
 * The first `limit` near matches, closest first, without scoring every near match: `run` reads near matches (`<%`)
 * ordered by word similarity, and runs under a raised threshold first (pg_trgm's `word_similarity_threshold`, which
 * the trigram index applies too, so that only the close candidates are read and scored). A try that fills the page is
 * exact: every row it left out is below its threshold, so after every row it kept. Otherwise the next, lower
 * threshold; the last is the product's own.
 */
export async function closestFirst<T>(db: Db, limit: number, run: (tx: Queryable) => Promise<T[]>): Promise<T[]> {
  if (limit <= 0) return [];
  return db.transaction(async (tx) => {
    let found: T[] = [];
    for (const threshold of NEAR_THRESHOLDS) {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
      found = await run(tx);
      if (found.length >= limit) break;
    }
    return found;
  });
}

/**
 * How many rows `from` holds, counting no further than `cap` (a count over a `LIMIT cap + 1` subquery): a search's
 * total costs at most `cap` matches however many there are. `capped` says that there are more than `cap`.
 */
export async function countUpTo(db: Queryable, from: SQL, cap: number): Promise<{ count: number; capped: boolean }> {
  const result = await db.execute(sql`select count(*)::int as n from (${from} limit ${cap + 1}) as counted`);
  const n = rows<{ n: number }>(result)[0]?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap };
}
