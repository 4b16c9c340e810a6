import { eq, sql } from "drizzle-orm";
import { commitWhenSent, runText, statement, together, type Db, type Queryable, type Tx } from "../../db/client";
import { locks } from "../../db/schema";
import { AppError } from "../../src/errors";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answers<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/** What `withLock`'s `run` is handed while it holds the lease. */
export interface Held<R extends readonly unknown[]> {
  /** The answers of `options.read`, read under the lease, in the order given. */
  read: Answers<R>;
  /**
   * The lease's release as a statement of the caller's last transaction, so that it goes out with the last write
   * instead of in a round trip of its own. Once `run` has returned, a release sent this way is not sent again; when
   * `run` throws, the lease is released on its own as always.
   */
  releaseIn(tx: Queryable): PromiseLike<unknown>;
}

// The lease's two statements, built once (a checkout runs both): the name and the lease's length are placeholders.
const leaseUntil = sql`now() + ${sql.placeholder("lease")}::interval`;
const takeLeaseStatement = statement((q: Queryable) =>
  q
    .insert(locks)
    .values({ name: sql.placeholder("name"), expiresAt: leaseUntil })
    .onConflictDoUpdate({ target: locks.name, set: { expiresAt: leaseUntil }, setWhere: sql`${locks.expiresAt} < now()` })
    .returning({ name: locks.name })
    .prepare("take_lease"),
);
const releaseLeaseStatement = statement((q: Queryable) =>
  q
    .delete(locks)
    .where(eq(locks.name, sql.placeholder("name")))
    .prepare("release_lease"),
);

/**
 * Runs `run` while holding the named lease, on one server or many: the lease is a row taken with one conditional
 * upsert (free, or run out), so no transaction stays open while `run` calls a provider. Others asking for the same
 * name wait until it is released, up to `waitMs`; a holder that crashed loses its lease after `leaseMs`.
 * Timing is the database's own clock (`now()`), real time whatever clock the app runs on.
 * `read`: statements run right after the lease is taken, sent with the upsert in one transaction (one round trip), so
 * that they see everything the lease's last holder wrote; when the lease is not free, their answers are thrown away.
 */
export async function withLock<T, R extends readonly unknown[] = []>(
  db: Db,
  name: string,
  run: (held: Held<R>) => Promise<T>,
  options: { leaseMs?: number; waitMs?: number; busyMessage?: string; read?: (tx: Tx) => R } = {},
): Promise<T> {
  const leaseMs = options.leaseMs ?? 60_000;
  const deadline = Date.now() + (options.waitMs ?? 20_000);
  const lease = `${leaseMs} milliseconds`;
  const take = (q: Queryable) => takeLeaseStatement(q, { name, lease });
  const release = (q: Queryable) => releaseLeaseStatement(q, { name });
  let read: Answers<R> | undefined;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const { read: reads } = options;
    const [taken, answers] = reads
      ? await together(db, (tx) => [take(tx), ...reads(tx)] as const).then(([[row], ...rest]) => [row, rest] as const)
      : [(await take(db))[0], undefined];
    if (taken) {
      read = answers as Answers<R> | undefined;
      break;
    }
    if (Date.now() >= deadline)
      throw new AppError("CONFLICT", options.busyMessage ?? "This is already in progress. Please try again in a moment.");
    await sleep(delay);
  }
  let releasedWithRun = false;
  const held: Held<R> = {
    read: read ?? ([] as unknown as Answers<R>),
    releaseIn: (tx) => {
      releasedWithRun = true;
      return release(tx);
    },
  };
  let result: T;
  try {
    result = await run(held);
  } catch (error) {
    await release(db);
    throw error;
  }
  if (!releasedWithRun) await release(db);
  return result;
}

/**
 * A transaction-scoped advisory lock on `key`, released at commit or rollback: transactions that touch the same
 * thing (a Seer's slots) queue here, in one order, instead of meeting later inside an index as a deadlock.
 */
export async function lockInTransaction(tx: Queryable, key: string): Promise<void> {
  // Text to the driver: a drizzle query would be built anew each time (a booking takes this lock three times).
  await runText(tx, "select pg_advisory_xact_lock(hashtextextended($1, 0))", [key]);
}

/** The lock every transaction takes before touching one Seer's slots (holds, confirmations, moves). */
export const seerSlotsKey = (seerId: string): string => `seer-slots:${seerId}`;

/**
 * `lockInTransaction`, then `statements` under the lock, sent together: one round trip instead of one per statement.
 * On one connection PostgreSQL runs statements in the order they arrive, and they arrive in the order given, the lock
 * first (locks.test.ts pins this down, since it rests on how drizzle and postgres.js hand queries on). The statements
 * are drizzle queries not yet awaited; their results come back in the same order.
 */
export async function underLock<T extends readonly unknown[]>(
  tx: Queryable,
  key: string,
  ...statements: T
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const [, ...results] = await Promise.all([lockInTransaction(tx, key), ...statements]);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * `underLock`, and the transaction's commit sent right behind the statements: a transaction of these statements alone
 * goes out in one write and takes one round trip instead of two. For statements whose answers decide nothing about
 * committing: a statement that fails turns the commit into a rollback and its error is thrown, but whatever the caller
 * does after, the transaction has ended (db/client.ts `commitWhenSent`).
 */
export async function underLockAndCommit<T extends readonly unknown[]>(
  tx: Queryable,
  key: string,
  ...statements: T
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const sent = underLock(tx, key, ...statements);
  // The lock and the statements are handed to the driver in microtasks queued by now, in order; the commit follows.
  queueMicrotask(() => commitWhenSent(tx));
  return sent;
}
