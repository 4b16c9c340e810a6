import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { throttles } from "../../db/schema";
import type { Clock } from "./clock";

/** A throttle key never shows an address or an e-mail in clear: the part after the scope is hashed. */
export function throttleKey(scope: string, ...parts: string[]): string {
  return `${scope}:${createHash("sha256").update(parts.join("\n")).digest("base64url")}`;
}

/**
 * The address a per-address limit counts: an IPv4 address itself, an IPv6 address by its /64 (one home or device
 * network gets a whole /64, so its other addresses are the same sender). IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip;
  const [head = "", tail = ""] = bare.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // A dotted IPv4 tail takes two groups; the prefix is only the first four, so it never matters beyond counting.
  const width = back.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0) + front.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const groups = bare.includes("::") ? [...front, ...Array<string>(Math.max(0, 8 - width)).fill("0"), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.includes(".") ? g : Number.parseInt(g || "0", 16).toString(16)))
    .join(":")}::/64`;
}

export interface FailurePolicy {
  /** Failures that cost nothing. */
  free: number;
  /** The wait after the first failure beyond `free`; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

/**
 * Throttling counters in the database, so that every instance counts the same attempts (docs/decisions.md). Times
 * come from the app's clock, never the database's, so that tests can move time.
 */
export function createThrottle(db: Db, clock: Clock) {
  const now = () => clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  // Raw SQL parameters go as text with a cast: postgres.js takes no Date outside a column's own mapping.
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

  /** Counts one attempt in a fixed window; false once the key is over `limit` in the current window. */
  async function hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const [row] = await db
      .insert(throttles)
      .values({ key, hits: 1, windowEndsAt: later(windowMs) })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          hits: sql`case when ${throttles.windowEndsAt} <= ${at(now())} then 1 else ${throttles.hits} + 1 end`,
          windowEndsAt: sql`case when ${throttles.windowEndsAt} <= ${at(now())} then ${at(later(windowMs))} else ${throttles.windowEndsAt} end`,
        },
      })
      .returning({ hits: throttles.hits });
    return (row?.hits ?? 1) <= limit;
  }

  /** How long the key must still wait, in milliseconds (0: it may go ahead). */
  async function waitFor(key: string): Promise<number> {
    const [row] = await db
      .select({ blockedUntil: throttles.blockedUntil })
      .from(throttles)
      .where(and(eq(throttles.key, key), gt(throttles.windowEndsAt, now())))
      .limit(1);
    return Math.max(0, (row?.blockedUntil?.getTime() ?? 0) - now().getTime());
  }

  /** Counts one failure; beyond the free ones, the key waits `firstDelayMs`, doubling each time up to `maxDelayMs`. */
  async function fail(key: string, policy: FailurePolicy): Promise<void> {
    const forgetAt = later(policy.forgetAfterMs);
    const [row] = await db
      .insert(throttles)
      .values({ key, hits: 1, windowEndsAt: forgetAt })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          hits: sql`case when ${throttles.windowEndsAt} <= ${at(now())} then 1 else ${throttles.hits} + 1 end`,
          windowEndsAt: forgetAt,
        },
      })
      .returning({ hits: throttles.hits });
    const beyond = (row?.hits ?? 1) - policy.free;
    if (beyond <= 0) return;
    const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(beyond - 1, 30));
    await db.update(throttles).set({ blockedUntil: later(delay) }).where(eq(throttles.key, key));
  }

  /** Remembers a fact (such as "this address has signed in to this account") for `ttlMs`. */
  async function remember(key: string, ttlMs: number): Promise<void> {
    await db
      .insert(throttles)
      .values({ key, hits: 1, windowEndsAt: later(ttlMs) })
      .onConflictDoUpdate({ target: throttles.key, set: { windowEndsAt: later(ttlMs), blockedUntil: null } });
  }

  async function has(key: string): Promise<boolean> {
    const [row] = await db
      .select({ key: throttles.key })
      .from(throttles)
      .where(and(eq(throttles.key, key), gt(throttles.windowEndsAt, now())))
      .limit(1);
    return !!row;
  }

  async function clear(key: string): Promise<void> {
    await db.delete(throttles).where(eq(throttles.key, key));
  }

  /** Drops counters whose window and wait are both over (run by the periodic account job). */
  async function purgeExpired(): Promise<number> {
    const removed = await db
      .delete(throttles)
      .where(and(lte(throttles.windowEndsAt, now()), or(isNull(throttles.blockedUntil), lte(throttles.blockedUntil, now()))))
      .returning({ key: throttles.key });
    return removed.length;
  }

  return { hit, waitFor, fail, remember, has, clear, purgeExpired };
}
