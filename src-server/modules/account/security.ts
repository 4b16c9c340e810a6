import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  accountTokens,
  articles,
  bookings,
  cartItems,
  contactMessages,
  idempotencyKeys,
  meetingAttendance,
  meetingMessages,
  orders,
  passwordCredentials,
  reviews,
  seerApplications,
  seers,
  sentEmails,
  sessions,
  uploads,
  users,
} from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { ChangeEmailInput, ChangePasswordInput, ResetPasswordInput } from "../../../src/schemas/auth";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import { isUniqueViolation } from "../../platform/database";
import { lockInTransaction, seerSlotsKey } from "../../platform/locks";
import { sendMailOnce, type Mailer, type Outbox } from "../../platform/mail";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import { addressGroup, createThrottle, throttleKey } from "../../platform/throttle";
import type { FileStorage } from "../../platform/storage/storage";
import type { SessionUser } from "../../platform/trpc/context";
import { emailChangeNoticeMail, passwordResetMail } from "./mail";
import { createTokenStore, hashToken, PASSWORD_RESET_LIFETIME_MS, TOKEN_INVALID } from "./tokens";
import {
  checkNewPassword,
  currentUserColumns,
  greeting,
  PAIR_FAILURES,
  TOO_MANY_ATTEMPTS,
  tooManyAttempts,
  type CurrentUser,
} from "./users";

/** The texts of docs/product.md#accounts. */
export const RESET_REQUESTED = "If an account exists for this address, we sent it a link to reset the password.";
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const VERIFICATION_SENT = "We sent you a new link. Please check your email.";
export const VERIFICATION_TOO_SOON = "We sent you a link a moment ago. Please wait 5 minutes before asking for another.";
export const ALREADY_VERIFIED = "Your email address is already confirmed.";
export const EMAIL_CHANGE_SENT = "We sent a link to your new address. Your email changes when you open it.";
export const EMAIL_IN_USE = "This email address is already used by another account.";
export const SESSION_NOT_FOUND = "Session not found";
export const SEER_HAS_UPCOMING_SESSIONS =
  "You have upcoming sessions as a Seer. Please cancel them on your dashboard before deleting your account.";

/** A deleted account's meeting chat messages read this (the column holds 1-2,000 characters). */
export const DELETED_MESSAGE = "(message deleted)";

const VERIFY_RESEND_INTERVAL_MS = 5 * 60 * 1000;
const RESET_INTERVAL_MS = 2 * 60 * 1000;

/** What the profile lists of one's own sign-ins: never the cookie's id, only the stored hash as a handle. */
export interface OwnSession {
  id: string;
  current: boolean;
  createdAt: Date | null;
  userAgent: string | null;
  expiresAt: Date;
}

const userIdOfSession = sql`${sessions.sess}->>'userId'`;

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

  /**
   * The same answer whether or not the address has an account; a link at most every 2 minutes per account. The mail
   * goes through the outbox (a job), so the answer never waits for the mail server and takes about as long either way.
   */
  async function requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
    if (!(await throttle.hit(throttleKey("reset-ip", addressGroup(ip)), 20, 15 * 60 * 1000)))
      throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    const [user] = await db
      .select({ id: users.id, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    if (user) {
      const last = await tokens.lastIssuedAt(user.id, "password-reset");
      if (!last || clock.now().getTime() - last.getTime() >= RESET_INTERVAL_MS) {
        const token = await tokens.issue(user.id, "password-reset", email, PASSWORD_RESET_LIFETIME_MS);
        await outbox.send(
          `password-reset:${hashToken(token)}`,
          passwordResetMail(email, greeting(user), `${config.publicUrl}/reset-password?token=${token}`),
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
        emailChangeNoticeMail(user.email, greeting(user), input.newEmail),
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

  /** Everything the app keeps about the person, as JSON (no password hash, no session ids, no file contents). */
  async function exportData(user: SessionUser, currentSid: string) {
    const [account] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, user.id));
    const ownSeer = await db.select().from(seers).where(eq(seers.userId, user.id));
    return {
      exportedAt: clock.now().toISOString(),
      account,
      sessions: (await listSessions(user.id, currentSid)).map(({ id: _id, ...s }) => s),
      consultations: await db.select().from(bookings).where(eq(bookings.clientId, user.id)).orderBy(desc(bookings.startsAt)),
      reviews: await db.select().from(reviews).where(eq(reviews.clientId, user.id)),
      orders: await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.createdAt)),
      cart: await db.select().from(cartItems).where(eq(cartItems.userId, user.id)),
      articles: await db.select().from(articles).where(eq(articles.authorId, user.id)),
      seerApplications: await db.select().from(seerApplications).where(eq(seerApplications.userId, user.id)),
      contactMessages: await db
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          status: contactMessages.status,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(eq(contactMessages.userId, user.id)),
      meetingMessages: await db
        .select({ bookingId: meetingMessages.bookingId, text: meetingMessages.text, sentAt: meetingMessages.createdAt })
        .from(meetingMessages)
        .where(eq(meetingMessages.senderId, user.id)),
      meetingAttendance: await db
        .select({
          bookingId: meetingAttendance.bookingId,
          joinedAt: meetingAttendance.joinedAt,
          leftAt: meetingAttendance.leftAt,
        })
        .from(meetingAttendance)
        .where(eq(meetingAttendance.userId, user.id)),
      seerProfile: ownSeer[0] ?? null,
      uploads: await db
        .select({
          id: uploads.id,
          kind: uploads.kind,
          mimeType: uploads.mimeType,
          sizeBytes: uploads.sizeBytes,
          originalName: uploads.originalName,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(eq(uploads.userId, user.id)),
    };
  }

  /**
   * Deletes the account: personal data goes (name, address, password, sessions, cart, articles, applications,
   * uploads, the Seer profile's words and photo); bookings and orders stay for accounting, tied to an anonymous
   * account. A Seer with upcoming sessions must have them cancelled first.
   */
  async function deleteAccount(user: SessionUser, currentPassword: string, ip: string): Promise<{ ok: true }> {
    await checkCurrentPassword(user, currentPassword, ip);
    const now = clock.now();
    const [ownSeer] = await db.select({ id: seers.id }).from(seers).where(eq(seers.userId, user.id)).limit(1);
    const files = await db.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.userId, user.id));
    const anonymousEmail = `deleted-${user.id}@deleted.invalid`;
    await db.transaction(async (tx) => {
      if (ownSeer) {
        // Under the Seer's slot lock, which every hold, confirmation and move takes: no booking can become upcoming
        // between this check and the profile's suspension below.
        await lockInTransaction(tx, seerSlotsKey(ownSeer.id));
        const [upcoming] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.seerId, ownSeer.id),
              gt(bookings.endsAt, now),
              or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now))),
            ),
          )
          .limit(1);
        if (upcoming) throw new AppError("CONFLICT", SEER_HAS_UPCOMING_SESSIONS);
      }
      await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, user.id));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
      await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
      await tx.delete(cartItems).where(eq(cartItems.userId, user.id));
      await tx.delete(articles).where(eq(articles.authorId, user.id));
      await tx.delete(seerApplications).where(eq(seerApplications.userId, user.id));
      // What the person wrote to us through the contact form, sent while signed in, is theirs and goes with them.
      await tx.delete(contactMessages).where(eq(contactMessages.userId, user.id));
      await tx.delete(uploads).where(eq(uploads.userId, user.id));
      await tx.delete(sessions).where(sql`${userIdOfSession} = ${user.id}`);
      await tx.update(sentEmails).set({ recipient: anonymousEmail }).where(eq(sentEmails.recipient, user.email));
      await tx
        .update(orders)
        .set({
          shippingName: "Deleted account",
          shippingEmail: anonymousEmail,
          shippingPhone: "-",
          shippingAddress: "-",
        })
        .where(eq(orders.userId, user.id));
      await tx.update(bookings).set({ notes: null }).where(eq(bookings.clientId, user.id));
      await tx.update(reviews).set({ comment: null }).where(eq(reviews.clientId, user.id));
      // What the person wrote in meeting rooms stays as a placeholder (the other party's side of the chat still reads).
      await tx.update(meetingMessages).set({ text: DELETED_MESSAGE }).where(eq(meetingMessages.senderId, user.id));
      if (ownSeer) {
        await tx
          .update(seers)
          .set({ fullName: "Former Seer", biography: "", profileImageUrl: null, verificationStatus: "suspended" })
          .where(eq(seers.id, ownSeer.id));
      }
      await tx
        .update(users)
        .set({
          email: anonymousEmail,
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          emailVerifiedAt: null,
          deletedAt: now,
          role: "client",
        })
        .where(eq(users.id, user.id));
    });
    sessionsChanged(user.id);
    await Promise.all(files.map((f) => storage.remove(f.storageKey).catch(() => undefined)));
    return { ok: true };
  }

  return {
    requestPasswordReset,
    resetPassword,
    verifyEmail,
    resendVerification,
    changePassword,
    changeEmail,
    listSessions,
    endSession,
    endOtherSessions,
    exportData,
    deleteAccount,
  };
}
