import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  accountTokens,
  articles,
  cartItems,
  contactMessages,
  idempotencyKeys,
  meetingAttendance,
  meetingMessages,
  orders,
  passwordCredentials,
  products,
  seerApplications,
  seers,
  sentEmails,
  sessions,
  uploads,
  users,
  vendorApplications,
  vendors,
} from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import { lockInTransaction, seerSlotsKey } from "../../platform/locks";
import type { FileStorage } from "../../platform/storage/storage";
import type { SessionUser } from "../../platform/trpc/context";
import { clientBookingData, forgetClientWords, seerHasUpcomingSession } from "../bookings";
import { forgetCalendars } from "../calendars";
import { forgetPayoutDetails, payoutDetailsData } from "../payouts";
import { forgetPhone, phoneData } from "../phone";
import { userIdOfSession, type OwnSession } from "./session-store";

export const SEER_HAS_UPCOMING_SESSIONS =
  "You have upcoming sessions as a Seer. Please cancel them on your dashboard before deleting your account.";

/** A deleted account's meeting chat messages read this (the column holds 1-2,000 characters). */
export const DELETED_MESSAGE = "(message deleted)";

/** The person's rights over their data: the export and the deletion (security.ts binds these to its dependencies). */
interface DataRightsDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  sessionsChanged: (userId: string) => void;
  checkCurrentPassword: (user: { id: string; email: string }, password: string, ip: string) => Promise<void>;
  listSessions: (userId: string, currentSid: string) => Promise<OwnSession[]>;
}

/** Everything the app keeps about the person, as JSON (no password hash, no session ids, no file contents). */
export async function exportData({ db, clock, listSessions }: DataRightsDeps, user: SessionUser, currentSid: string) {
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
    // The bookings module's read of its own rows: consultations, then reviews.
    ...(await clientBookingData(db, user.id)),
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
    // The phone number for SMS (issue #44).
    phone: await phoneData(db, user.id),
    // Payout details as pages show them: the numbers' last four digits only.
    payoutDetails: ownSeer[0] ? await payoutDetailsData(db, ownSeer[0].id) : [],
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
export async function deleteAccount(
  { db, clock, storage, sessionsChanged, checkCurrentPassword }: DataRightsDeps,
  user: SessionUser,
  currentPassword: string,
  ip: string,
): Promise<{ ok: true }> {
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
      if (await seerHasUpcomingSession(tx, ownSeer.id, now)) throw new AppError("CONFLICT", SEER_HAS_UPCOMING_SESSIONS);
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
    // The calendar feed's address stops answering; a Seer's own calendars (and their stored passwords) go.
    await forgetCalendars(tx, user.id, ownSeer?.id ?? null);
    await forgetPhone(tx, user.id);
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
    await forgetClientWords(tx, user.id);
    // What the person wrote in meeting rooms stays as a placeholder (the other party's side of the chat still reads).
    await tx.update(meetingMessages).set({ text: DELETED_MESSAGE }).where(eq(meetingMessages.senderId, user.id));
    if (ownSeer) {
      await tx
        .update(seers)
        .set({ fullName: "Former Seer", biography: "", profileImageUrl: null, verificationStatus: "suspended" })
        .where(eq(seers.id, ownSeer.id));
      await forgetPayoutDetails(tx, { seerId: ownSeer.id }, now);
    }
    // A vendor's business stays for the orders it sold, as a former vendor with nothing to reach it by; its goods come
    // off sale, its payout details are cut to their last four digits, and its applications (with their details) go.
    await tx.delete(vendorApplications).where(eq(vendorApplications.userId, user.id));
    const [ownVendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, user.id));
    if (ownVendor) {
      await tx
        .update(vendors)
        .set({
          businessName: "Former vendor",
          contactEmail: anonymousEmail,
          contactPhone: null,
          businessAddress: null,
          description: null,
          logoUrl: null,
          taxId: null,
          isActive: false,
        })
        .where(eq(vendors.id, ownVendor.id));
      await tx.update(products).set({ isActive: false }).where(eq(products.vendorId, ownVendor.id));
      await forgetPayoutDetails(tx, { vendorId: ownVendor.id }, now);
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
