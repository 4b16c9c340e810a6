import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Param, sql, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import type {
  PgColumn,
  PgDatabase,
  PgPreparedQuery,
  PgQueryResultHKT,
  PgTransaction,
  PreparedQueryConfig,
} from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";

/**
 * One database type for both drivers: the code above this line never knows which one it talks to. Without drizzle's
 * relational API (`db.query.users.findMany`): drizzle builds that API's objects for every table of the schema each time
 * it opens a transaction, and nothing here uses them (docs/decisions.md 112).
 */
type NoRelations = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoRelations>;
export type Tx = PgTransaction<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;
/** Anything a service can run a query on: the database itself or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection URL (for the job queue's own pool); none for PGlite. */
  url?: string;
  /** The embedded database itself (the job queue runs on its one connection). */
  pglite?: PGlite;
  /** How much of this process's own pool is in use now (not other processes' connections to the same database). */
  poolUse(): Promise<PoolUse>;
  close(): Promise<void>;
}

/**
 * The connections of one pool: `inUse` running a query or a transaction, `idle` open and waiting, `max` the most it
 * opens. Unknown counts (the embedded database's one connection) are undefined.
 */
export interface PoolUse {
  inUse: number | undefined;
  idle: number | undefined;
  max: number;
}

/**
 * A statement drizzle builds once, with placeholders (`sql.placeholder`) for its values, then runs on the database or
 * inside any transaction: `const byId = statement((q) => q.select()...where(eq(t.id, sql.placeholder("id"))).prepare("name"))`,
 * then `await byId(tx, { id })`. Building a statement from drizzle's parts took more of the server's time under load
 * than anything but its socket writes (docs/decisions.md 96); a statement run often is built once per driver instead.
 *
 * Drizzle binds a prepared statement to the connection of whatever built it; each run hands it the connection of the
 * database or transaction it is given (the `client` that both drivers' prepared queries keep, pinned down by
 * client.test.ts). The answer runs when awaited, like a drizzle query, so that `underLock` sends it in its turn.
 */
export function statement<T extends PreparedQueryConfig>(
  build: (q: Queryable) => PgPreparedQuery<T>,
): (q: Queryable, values?: Record<string, unknown>) => PromiseLike<T["execute"]> {
  const built = new Map<unknown, PgPreparedQuery<T>>();
  return (q, values = {}) => ({
    then(onFulfilled, onRejected) {
      const session = q._.session as unknown as { client: unknown };
      let prepared = built.get(session.constructor);
      if (!prepared) {
        prepared = build(q);
        built.set(session.constructor, prepared);
      }
      const bound =
        (prepared as unknown as { client: unknown }).client === session.client
          ? prepared
          : (Object.assign(Object.create(Object.getPrototypeOf(prepared) as object) as object, prepared, {
              client: session.client,
            }) as PgPreparedQuery<T>);
      return bound.execute(values).then(onFulfilled, onRejected);
    },
  });
}

/**
 * A placeholder named `name` for a value of `column`, encoded as the column encodes it (a Date, JSON), where drizzle's
 * types take no placeholder: `update().set({ confirmedAt: valueOf(bookings.confirmedAt, "now") })`.
 */
export const valueOf = <C extends PgColumn>(column: C, name: string): SQL<C["_"]["data"]> =>
  sql<C["_"]["data"]>`${new Param(sql.placeholder(name), column)}`;

/** What `preparing` wraps of a postgres.js client, a transaction's or a savepoint's. */
type Body = (sql: never) => unknown;
interface Client {
  unsafe(query: string, parameters?: never[], options?: { prepare?: boolean }): unknown;
}
/** A postgres.js query: sent when awaited, or at once by `execute`. */
type Query = Promise<unknown> & { execute(): Query };
/** A connection of the pool kept for one transaction. */
interface Reserved extends Client {
  unsafe(query: string, parameters?: never[], options?: { prepare?: boolean }): Query;
  release(): void;
}

/**
 * Whether a statement is prepared (named, parsed once per connection, its plan kept when PostgreSQL finds a plan for
 * any values as good): every one with parameters, except text searches (`search_fold`, platform/database.ts
 * `textSearch`), whose best plan depends on what is searched, so they stay unnamed and are planned each time.
 */
export const prepares = (query: string, parameterCount: number): boolean => parameterCount > 0 && !query.includes("search_fold(");

/**
 * A transaction on a reserved connection whose `begin` goes out with its first statements, in one write, instead of
 * in a round trip of its own (postgres.js's `begin` waits for it): the connection runs them in the order sent, and a
 * `begin` that failed fails every statement after it. Savepoints (drizzle's nested transactions) are named here.
 */
async function transaction(reserved: Reserved, mode: string, body: Body): Promise<unknown> {
  const begun = reserved.unsafe(`begin ${mode.replace(/[^a-z ]/gi, "")}`).execute();
  // Its failure is met through the statements after it, or awaited below.
  begun.catch(() => undefined);
  let savepoints = 0;
  // The commit, once sent early (`commitWhenSent`); nothing may be sent on the connection after it.
  let commit: Query | null = null;
  // A plain object with what drizzle and db/client.ts use of a transaction's client (`unsafe`, `savepoint`, the early
  // commit), not one made from the reserved connection (Object.create of a new function object at every transaction
  // showed at 1% of the server's samples under bench:writes).
  const withSavepoints = (sql: Reserved, top: boolean): Client & { savepoint(...args: unknown[]): Promise<unknown> } => ({
    // Sent at once, in the order made (so that a commit sent early follows them).
    unsafe(...args: Parameters<Reserved["unsafe"]>) {
      if (commit) throw new Error("A statement after the transaction's commit was sent");
      return sql.unsafe(...args).execute();
    },
    ...(top ? { [SEND_COMMIT]: () => (commit ??= reserved.unsafe("commit").execute()) } : {}),
    async savepoint(...args: unknown[]) {
      const inner = args.find((arg) => typeof arg === "function") as Body;
      const name = `savepoint_${++savepoints}`;
      await sql.unsafe(`savepoint ${name}`);
      try {
        const result = await inner(preparing(withSavepoints(sql, false)) as never);
        await sql.unsafe(`release savepoint ${name}`);
        return result;
      } catch (error) {
        await sql.unsafe(`rollback to savepoint ${name}`);
        throw error;
      }
    },
  });
  let result: unknown;
  try {
    result = await body(preparing(withSavepoints(reserved, true)) as never);
    await begun;
  } catch (error) {
    // After a commit sent early, a failed statement made it a rollback already; this one is then a harmless no-op.
    (commit as Query | null)?.catch(() => undefined);
    await reserved.unsafe("rollback").catch(() => undefined);
    throw error;
  }
  // A statement failed that the body let pass: its commit was a rollback, so the transaction did not happen.
  const ended = (await ((commit as Query | null) ?? reserved.unsafe("commit"))) as { command?: string };
  if (ended.command === "ROLLBACK") throw new Error("The transaction was rolled back: one of its statements failed");
  return result;
}

const SEND_COMMIT = Symbol("send commit");

/**
 * Sends the transaction's commit now, behind the statements already sent, so that a transaction of statements whose
 * answers decide nothing (`underLockAndCommit`) takes one round trip. A statement that fails turns the commit into a
 * rollback, and its error reaches the caller. Nothing may be sent in the transaction after it. On a driver without it
 * (PGlite), the commit goes when the transaction's body returns, as always.
 */
export function commitWhenSent(tx: Queryable): void {
  const client = (tx._.session as unknown as { client: { [SEND_COMMIT]?: () => unknown } }).client;
  client[SEND_COMMIT]?.();
}

/** The two drivers' clients as `runText` uses them: postgres.js's (a transaction's, a savepoint's) and PGlite's. */
type TextClient =
  | { unsafe(query: string, parameters?: never[]): PromiseLike<Record<string, unknown>[]> }
  | { query(query: string, parameters?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * Runs SQL that arrives as text with `$1`-style parameters (pg-boss's) on the database or in a transaction, handed to
 * the driver as it is: no drizzle query is built from it. Answers the rows.
 */
export async function runText(q: Queryable, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = (q._.session as unknown as { client: TextClient }).client;
  if ("unsafe" in client) return [...(await client.unsafe(text, values as never[]))];
  return (await client.query(text, values)).rows;
}

/**
 * Statements that need no answer from one another, sent together on one connection with their transaction's begin and
 * commit: one write and one round trip for all of them, where each alone on the pool takes its own. `build` makes them
 * on the transaction it is given; the answers come back in the same order.
 */
export async function together<T extends readonly unknown[]>(
  db: Db,
  build: (tx: Tx) => T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  return db.transaction((tx) => {
    const answers = Promise.all(build(tx));
    // The statements are handed to the driver in microtasks queued by now, in order; the commit follows them.
    queueMicrotask(() => commitWhenSent(tx));
    return answers as Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }>;
  });
}

/**
 * The postgres.js client as drizzle should use it: statements prepared as `prepares` says. Drizzle asks for an unnamed
 * statement unless a query was prepared by name, and postgres.js sends an unnamed one with parameters in two round
 * trips (parse and describe, to learn the parameters' types; then bind and execute). Prepared, it takes one, from the
 * second time on each connection (docs/decisions.md 92). Transactions go through `transaction` above.
 */
export function preparing<T extends Client>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (property === "unsafe") {
        return (query: string, parameters?: never[], options?: { prepare?: boolean }) =>
          target.unsafe(query, parameters, {
            ...options,
            prepare: Boolean(options?.prepare) || prepares(query, parameters?.length ?? 0),
          });
      }
      if (property === "begin" && "reserve" in target) {
        // begin(fn) or begin(mode, fn), as postgres.js takes them.
        return async (...args: unknown[]) => {
          const body = args.find((arg) => typeof arg === "function") as Body;
          const reserved = await (target as unknown as { reserve(): Promise<Reserved> }).reserve();
          try {
            return await transaction(reserved, typeof args[0] === "string" ? args[0] : "", body);
          } finally {
            reserved.release();
          }
        };
      }
      return value;
    },
  });
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
    const max = options.maxConnections ?? 10;
    // A name of this pool's own, so that PostgreSQL tells its connections from every other process's.
    const applicationName = `seer-app-${process.pid}-${randomBytes(4).toString("hex")}`;
    const sql = postgres(options.url, {
      max,
      onnotice: () => {},
      connection: { application_name: applicationName },
      // numeric stays a string (exact money); timestamps come back as Date.
    });
    const db = drizzlePostgres({ client: preparing(sql) }) as unknown as Db;
    const poolUse = async (): Promise<PoolUse> => {
      // The connection asking is this pool's too: counted idle, as it is again once it has answered.
      const [row] = await sql<{ inUse: number; idle: number }[]>`
        select count(*) filter (where state <> 'idle' and pid <> pg_backend_pid())::int as "inUse",
               count(*) filter (where state = 'idle' or pid = pg_backend_pid())::int as idle
        from pg_stat_activity where application_name = ${applicationName}`;
      return { inUse: row?.inUse ?? 0, idle: row?.idle ?? 0, max };
    };
    return { db, kind: "postgres", url: options.url, poolUse, close: () => sql.end({ timeout: 5 }) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    poolUse: async () => ({ inUse: undefined, idle: undefined, max: 1 }),
    close: () => client.close(),
  };
}
