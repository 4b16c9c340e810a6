import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passwordCredentials, sessions, users } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { ChangeEmailInput, ChangePasswordInput } from "../../../src/schemas/auth";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import { sendMailOnce, type Mailer, type Outbox } from "../../platform/mail";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import { addressGroup, createThrottle, throttleKey } from "../../platform/throttle";
import type { FileStorage } from "../../platform/storage/storage";
import type { SessionUser } from "../../platform/trpc/context";
import { deleteAccount, exportData } from "./data-rights";
import { emailChangeNoticeMail } from "./mail";
import { createRecovery } from "./recovery";
import { userIdOfSession, type OwnSession } from "./session-store";
import { createTokenStore } from "./tokens";
import { checkNewPassword, greeting, localeOf, PAIR_FAILURES, tooManyAttempts } from "./users";

export type { OwnSession } from "./session-store";

/** The texts of docs/product.md#accounts. */
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const EMAIL_CHANGE_SENT = "We sent a link to your new address. Your email changes when you open it.";
export const SESSION_NOT_FOUND = "Session not found";

/**
 * Recovering and controlling an account: password reset, address confirmation, the profile's password, e-mail and
 * session controls, the data export and deletion.
 */
export function createSecurityService({
  db,
  clock,
  mailer,
  outbox,
  config,
  storage,
  sendVerification,
  sessionsChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
  storage: FileStorage;
  sendVerification: (user: { id: string; firstName: string | null }, email: string) => Promise<void>;
  sessionsChanged?: (userId: string) => void;
}) {
  const tokens = createTokenStore({ db, clock });
  const throttle = createThrottle(db, clock);

  /**
   * The current password, under the sign-in throttle of this account from this address (the same counter, so a
   * stolen session cannot guess the password faster here than at sign-in).
   */
  async function checkCurrentPassword(user: { id: string; email: string }, password: string, ip: string): Promise<void> {
    const pairKey = throttleKey("signin-pair", user.email, addressGroup(ip));
    const wait = await throttle.waitFor(pairKey);
    if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", tooManyAttempts(wait));
    const [row] = await db
      .select({ passwordHash: passwordCredentials.passwordHash })
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, user.id))
      .limit(1);
    if (!row || !(await verifyPassword(row.passwordHash, password))) {
      await throttle.fail(pairKey, PAIR_FAILURES);
      throw new AppError("BAD_REQUEST", WRONG_CURRENT_PASSWORD);
    }
    await throttle.clear(pairKey);
  }

  /** Every session of the user ends, but the one named `keepSid` (a SHA-256 as stored). */
  async function endSessions(userId: string, keepSid?: string): Promise<number> {
    const removed = await db
      .delete(sessions)
      .where(and(sql`${userIdOfSession} = ${userId}`, keepSid ? ne(sessions.sid, keepSid) : undefined))
      .returning({ sid: sessions.sid });
    sessionsChanged(userId);
    return removed.length;
  }

  /** The current password, then a new one; every other session ends. */
  async function changePassword(
    user: SessionUser,
    input: ChangePasswordInput,
    currentSid: string,
    ip: string,
  ): Promise<{ ok: true }> {
    await checkCurrentPassword(user, input.currentPassword, ip);
    checkNewPassword(input.newPassword, [user.email, user.firstName, user.lastName]);
    const passwordHash = await hashPassword(input.newPassword);
    await db.update(passwordCredentials).set({ passwordHash }).where(eq(passwordCredentials.userId, user.id));
    await endSessions(user.id, currentSid);
    return { ok: true };
  }

  /**
   * The current password, then a link to the new address; the address changes when the link is opened. The old
   * address is told. A new address that another account uses gets the same answer (and no link), so nobody learns it.
   */
  async function changeEmail(user: SessionUser, input: ChangeEmailInput, ip: string): Promise<{ message: string }> {
    await checkCurrentPassword(user, input.currentPassword, ip);
    if (input.newEmail === user.email) return { message: EMAIL_CHANGE_SENT };
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail)).limit(1);
    if (!taken) {
      await tokens.revokeAll(db, user.id, "verify-email");
      await sendVerification(user, input.newEmail);
      const minute = Math.floor(clock.now().getTime() / 60_000);
      await sendMailOnce(
        db,
        mailer,
        `email-change:${user.id}:${minute}`,
        emailChangeNoticeMail(user.email, greeting(user), input.newEmail, await localeOf(db, user.id)),
      );
    }
    return { message: EMAIL_CHANGE_SENT };
  }

  async function listSessions(userId: string, currentSid: string): Promise<OwnSession[]> {
    const rows = await db
      .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
      .from(sessions)
      .where(and(sql`${userIdOfSession} = ${userId}`, gt(sessions.expire, clock.now())))
      .orderBy(desc(sessions.expire))
      .limit(100);
    return rows.map((row) => ({
      id: row.sid,
      current: row.sid === currentSid,
      createdAt: typeof row.sess.createdAt === "number" ? new Date(row.sess.createdAt) : null,
      userAgent: typeof row.sess.userAgent === "string" ? row.sess.userAgent : null,
      expiresAt: row.expire,
    }));
  }

  /** One of one's own sessions ends; someone else's (or an unknown one) answers as missing. */
  async function endSession(userId: string, sessionId: string): Promise<{ ok: true }> {
    const [removed] = await db
      .delete(sessions)
      .where(and(eq(sessions.sid, sessionId), sql`${userIdOfSession} = ${userId}`))
      .returning({ sid: sessions.sid });
    if (!removed) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
    sessionsChanged(userId);
    return { ok: true };
  }

  async function endOtherSessions(userId: string, currentSid: string): Promise<{ ended: number }> {
    return { ended: await endSessions(userId, currentSid) };
  }

  const dataDeps = { db, clock, storage, sessionsChanged, checkCurrentPassword, listSessions };
  return {
    checkCurrentPassword,
    ...createRecovery({ db, clock, outbox, config, tokens, throttle, sendVerification, sessionsChanged, endSessions }),
    changePassword,
    changeEmail,
    listSessions,
    endSession,
    endOtherSessions,
    exportData: (user: SessionUser, currentSid: string) => exportData(dataDeps, user, currentSid),
    deleteAccount: (user: SessionUser, currentPassword: string, ip: string) => deleteAccount(dataDeps, user, currentPassword, ip),
  };
}
