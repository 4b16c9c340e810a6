import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { accountTokens, passwordCredentials, users } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { ResetPasswordInput } from "../../../src/schemas/auth";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import { isUniqueViolation } from "../../platform/database";
import type { Outbox } from "../../platform/mail";
import { hashPassword } from "../../platform/passwords";
import { addressGroup, throttleKey, type createThrottle } from "../../platform/throttle";
import type { SessionUser } from "../../platform/trpc/context";
import { passwordResetMail } from "./mail";
import { hashToken, PASSWORD_RESET_LIFETIME_MS, TOKEN_INVALID, type createTokenStore } from "./tokens";
import { checkNewPassword, currentUserColumns, greeting, TOO_MANY_ATTEMPTS, type CurrentUser } from "./users";
import { pageLink } from "../../platform/mail-links";

export const RESET_REQUESTED = "If an account exists for this address, we sent it a link to reset the password.";
export const VERIFICATION_SENT = "We sent you a new link. Please check your email.";
export const VERIFICATION_TOO_SOON = "We sent you a link a moment ago. Please wait 5 minutes before asking for another.";
export const ALREADY_VERIFIED = "Your email address is already confirmed.";
export const EMAIL_IN_USE = "This email address is already used by another account.";

const VERIFY_RESEND_INTERVAL_MS = 5 * 60 * 1000;
const RESET_INTERVAL_MS = 2 * 60 * 1000;

/** Getting back into an account: the password reset by link, and the address confirmation and its resending. */
export function createRecovery({
  db,
  clock,
  outbox,
  config,
  tokens,
  throttle,
  sendVerification,
  sessionsChanged,
  endSessions,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
  tokens: ReturnType<typeof createTokenStore>;
  throttle: ReturnType<typeof createThrottle>;
  sendVerification: (user: { id: string; firstName: string | null }, email: string) => Promise<void>;
  sessionsChanged: (userId: string) => void;
  /** Every session of the user ends (security.ts). */
  endSessions: (userId: string) => Promise<number>;
}) {
  /**
   * The same answer whether or not the address has an account; a link at most every 2 minutes per account. The mail
   * goes through the outbox (a job), so the answer never waits for the mail server and takes about as long either way.
   */
  async function requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
    if (!(await throttle.hit(throttleKey("reset-ip", addressGroup(ip)), 20, 15 * 60 * 1000)))
      throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    const [user] = await db
      .select({ id: users.id, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    if (user) {
      const last = await tokens.lastIssuedAt(user.id, "password-reset");
      if (!last || clock.now().getTime() - last.getTime() >= RESET_INTERVAL_MS) {
        const token = await tokens.issue(user.id, "password-reset", email, PASSWORD_RESET_LIFETIME_MS);
        await outbox.send(
          `password-reset:${hashToken(token)}`,
          passwordResetMail(
            email,
            greeting(user),
            pageLink(config.publicUrl, `/reset-password?token=${token}`, user.locale),
            user.locale,
          ),
        );
      }
    }
    return { message: RESET_REQUESTED };
  }

  /**
   * A reset link, used once within its hour: the new password replaces the old, every session of the account ends
   * (the caller then starts this browser's), and the address counts as confirmed (the link reached it).
   */
  async function resetPassword(input: ResetPasswordInput): Promise<CurrentUser> {
    const now = clock.now();
    const [pending] = await db
      .select({ userId: accountTokens.userId, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(input.token)),
          eq(accountTokens.purpose, "password-reset"),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .limit(1);
    if (!pending) throw new AppError("BAD_REQUEST", TOKEN_INVALID);
    checkNewPassword(input.password, [pending.email, pending.firstName, pending.lastName]);
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction(async (tx) => {
      const used = await tokens.consume(tx, input.token, "password-reset");
      if (!used) throw new AppError("BAD_REQUEST", TOKEN_INVALID);
      await tokens.revokeAll(tx, used.userId, "password-reset");
      await tx
        .insert(passwordCredentials)
        .values({ userId: used.userId, passwordHash })
        .onConflictDoUpdate({ target: passwordCredentials.userId, set: { passwordHash } });
      const [updated] = await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
        .returning(currentUserColumns);
      if (!updated) throw new AppError("BAD_REQUEST", TOKEN_INVALID);
      return updated;
    });
    await endSessions(user.id);
    return user;
  }

  /** A confirmation link: the address it was sent to becomes the account's, confirmed. Used once, within 24 hours. */
  async function verifyEmail(token: string): Promise<CurrentUser> {
    const now = clock.now();
    try {
      const user = await db.transaction(async (tx) => {
        const used = await tokens.consume(tx, token, "verify-email");
        if (!used) throw new AppError("BAD_REQUEST", TOKEN_INVALID);
        const [user] = await tx
          .update(users)
          .set({ email: used.email, emailVerifiedAt: now })
          .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
          .returning(currentUserColumns);
        if (!user) throw new AppError("BAD_REQUEST", TOKEN_INVALID);
        return user;
      });
      sessionsChanged(user.id);
      return user;
    } catch (error) {
      // The new address was taken by another account meanwhile (users.email is unique).
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", EMAIL_IN_USE);
      throw error;
    }
  }

  /** A new confirmation link, at most one every 5 minutes. */
  async function resendVerification(user: SessionUser): Promise<{ message: string }> {
    if (user.emailVerified) return { message: ALREADY_VERIFIED };
    const last = await tokens.lastIssuedAt(user.id, "verify-email");
    if (last && clock.now().getTime() - last.getTime() < VERIFY_RESEND_INTERVAL_MS)
      throw new AppError("TOO_MANY_REQUESTS", VERIFICATION_TOO_SOON);
    await sendVerification(user, user.email);
    return { message: VERIFICATION_SENT };
  }

  return { requestPasswordReset, resetPassword, verifyEmail, resendVerification };
}
