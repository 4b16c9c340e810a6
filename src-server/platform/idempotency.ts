import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { AppError } from "../../src/errors";

export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different request.";
export const IDEMPOTENCY_KEY_IN_FLIGHT = "A request with this Idempotency-Key is still in progress. Please try again in a moment.";
/** A key is remembered this long; after that the same key starts a new request (as at Stripe). */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stable fingerprint of a request body: keys sorted, so the same JSON in another order is the same request. */
function requestHash(request: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, canonical(v)]),
      );
    return value;
  };
  return createHash("sha256").update(JSON.stringify(canonical(request) ?? null)).digest("hex");
}

/**
 * Runs `run` once per (user, scope, key): a retry with the same key and the same request gets the first answer back;
 * the same key with another request is refused (422); a retry while the first is still running waits for it. When
 * `run` fails the key is given back, so the request may be tried again. Without a key `run` simply runs.
 */
export async function idempotent<T>(
  db: Db,
  claim: { userId: string; scope: string; key: string | undefined; request: unknown },
  run: () => Promise<T>,
): Promise<T> {
  if (claim.key === undefined) return run();
  const hash = requestHash(claim.request);
  const where = and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
  );
  // An old key is forgotten, so that it can start a new request.
  await db.delete(idempotencyKeys).where(and(where, sql`${idempotencyKeys.createdAt} < now() - ${`${KEY_LIFETIME_MS} milliseconds`}::interval`));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, scope: claim.scope, key: claim.key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      await db.delete(idempotencyKeys).where(where);
      throw error;
    }
    await db
      .update(idempotencyKeys)
      .set({ response: (result ?? null) as object })
      .where(where);
    return result;
  }
  const deadline = Date.now() + 20_000;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const [row] = await db
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(where)
      .limit(1);
    // The first request failed meanwhile and gave the key back: this one goes ahead instead.
    if (!row) return idempotent(db, claim, run);
    if (row.requestHash !== hash) throw new AppError("UNPROCESSABLE_CONTENT", IDEMPOTENCY_KEY_REUSED);
    if (row.response !== null) return row.response as T;
    if (Date.now() >= deadline) throw new AppError("CONFLICT", IDEMPOTENCY_KEY_IN_FLIGHT);
    await sleep(delay);
  }
}
