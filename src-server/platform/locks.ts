import { eq, sql } from "drizzle-orm";
import { commitWhenSent, type Db, type Queryable } from "../../db/client";
import { locks } from "../../db/schema";
import { AppError } from "../../src/errors";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` while holding the named lease, on one server or many: the lease is a row taken with one conditional
 * upsert (free, or run out), so no transaction stays open while `run` calls a provider. Others asking for the same
 * name wait until it is released, up to `waitMs`; a holder that crashed loses its lease after `leaseMs`.
 * Timing is the database's own clock (`now()`), real time whatever clock the app runs on.
 */
export async function withLock<T>(
  db: Db,
  name: string,
  run: () => Promise<T>,
  options: { leaseMs?: number; waitMs?: number; busyMessage?: string } = {},
): Promise<T> {
  const leaseMs = options.leaseMs ?? 60_000;
  const deadline = Date.now() + (options.waitMs ?? 20_000);
  const lease = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    const [taken] = await db
      .insert(locks)
      .values({ name, expiresAt: lease })
      .onConflictDoUpdate({ target: locks.name, set: { expiresAt: lease }, setWhere: sql`${locks.expiresAt} < now()` })
      .returning({ name: locks.name });
    if (taken) break;
    if (Date.now() >= deadline)
      throw new AppError("CONFLICT", options.busyMessage ?? "This is already in progress. Please try again in a moment.");
    await sleep(delay);
  }
  try {
    return await run();
  } finally {
    await db.delete(locks).where(eq(locks.name, name));
  }
}

/**
 * A transaction-scoped advisory lock on `key`, released at commit or rollback: transactions that touch the same
 * thing (a Seer's slots) queue here, in one order, instead of meeting later inside an index as a deadlock.
 */
export async function lockInTransaction(tx: Queryable, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
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
