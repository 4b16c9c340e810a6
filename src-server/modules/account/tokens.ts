import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { accountTokens, type AccountTokenPurpose } from "../../../db/schema";
import type { Clock } from "../../platform/clock";

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const TOKEN_INVALID = "This link is invalid or has expired.";

/** A mailed token is a bearer secret: only its SHA-256 is stored. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Single-use tokens mailed to people: 32 random bytes, kept only as a hash, used at most once before they run out. */
export function createTokenStore({ db, clock }: { db: Db; clock: Clock }) {
  async function issue(userId: string, purpose: AccountTokenPurpose, email: string, lifetimeMs: number): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = clock.now();
    await db.insert(accountTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    });
    return token;
  }

  /** Marks the token used and returns whose it is, once: a second use, an expired or unknown token gives null. */
  async function consume(tx: Queryable, token: string, purpose: AccountTokenPurpose): Promise<{ userId: string; email: string } | null> {
    const now = clock.now();
    const [row] = await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning({ userId: accountTokens.userId, email: accountTokens.email });
    return row ?? null;
  }

  /** When the user was last sent a token of this purpose (for throttling), or null. */
  async function lastIssuedAt(userId: string, purpose: AccountTokenPurpose): Promise<Date | null> {
    const [row] = await db
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  }

  /** Every outstanding token of the user's for this purpose stops working (a reset used, an address changed). */
  async function revokeAll(tx: Queryable, userId: string, purpose: AccountTokenPurpose): Promise<void> {
    await tx
      .update(accountTokens)
      .set({ usedAt: clock.now() })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  }

  return { issue, consume, lastIssuedAt, revokeAll };
}
