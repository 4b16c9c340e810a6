import { and, eq, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { bookings, conversationMails, conversationReads, meetingMessages, seers, users } from "../../../db/schema";
import { UNREAD_MAIL_EVERY_MS } from "../../../src/domain/conversations";
import type { Clock } from "../../platform/clock";
import type { JobQueue } from "../../platform/jobs";
import { translator } from "../../platform/i18n";
import type { Outbox } from "../../platform/mail";
import type { PushNotifier } from "../../platform/push";
import { displayName } from "./conversation-reads";
import { unreadMessageMail } from "./mail";
import { pageLink } from "../../platform/mail-links";

export const UNREAD_MAIL_JOB = "messages.unread-mail";

interface UnreadMailDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  outbox: Outbox;
  publicUrl: string;
  /** The reader's devices get the notice too (issue #44). */
  push?: PushNotifier;
}

/**
 * The job, 10 minutes after a message: when its reader has still not read it, one mail, unless the conversation sent
 * one in the past hour. The hour is claimed in the same transaction that queues the mail (keyed by the message), so
 * a retried job, or a second instance, sends nothing more.
 */
async function sendUnreadMail(
  { db, clock, outbox, publicUrl, push }: UnreadMailDeps,
  { messageId }: { messageId: string },
): Promise<void> {
  const senders = alias(users, "senders");
  const [m] = await db
    .select({
      bookingId: meetingMessages.bookingId,
      senderId: meetingMessages.senderId,
      senderRole: meetingMessages.senderRole,
      createdAt: meetingMessages.createdAt,
      clientId: bookings.clientId,
      seerUserId: seers.userId,
      seerName: seers.fullName,
      senderFirst: senders.firstName,
      senderLast: senders.lastName,
    })
    .from(meetingMessages)
    .innerJoin(bookings, eq(bookings.id, meetingMessages.bookingId))
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .innerJoin(senders, eq(senders.id, meetingMessages.senderId))
    .where(eq(meetingMessages.id, messageId))
    .limit(1);
  if (!m) return;
  const readerId = m.senderRole === "seer" ? m.clientId : m.seerUserId;
  const [reader] = await db
    .select({ email: users.email, first: users.firstName, locale: users.locale, readAt: conversationReads.readAt })
    .from(users)
    .leftJoin(conversationReads, and(eq(conversationReads.bookingId, m.bookingId), eq(conversationReads.userId, users.id)))
    .where(eq(users.id, readerId))
    .limit(1);
  if (!reader || (reader.readAt && reader.readAt.getTime() >= m.createdAt.getTime())) return;
  const now = clock.now();
  const t = translator(reader.locale);
  const senderName = m.senderRole === "seer" ? m.seerName : displayName(m.senderFirst, m.senderLast, t("messageMail.yourClient"));
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(conversationMails)
      .values({ bookingId: m.bookingId, sentAt: now })
      .onConflictDoUpdate({
        target: conversationMails.bookingId,
        set: { sentAt: now },
        setWhere: lte(conversationMails.sentAt, new Date(now.getTime() - UNREAD_MAIL_EVERY_MS)),
      })
      .returning({ bookingId: conversationMails.bookingId });
    if (!claimed) return;
    await outbox.send(
      `messages-unread:${messageId}`,
      unreadMessageMail(
        reader.email,
        { senderName, url: pageLink(publicUrl, `/messages/${m.bookingId}`, reader.locale) },
        reader.locale,
      ),
      { tx },
    );
    await push?.notify(
      [readerId],
      `messages-unread:${messageId}`,
      {
        title: t("messageMail.subject", { sender: senderName }),
        body: t("messageMail.pushBody", { sender: senderName }),
        url: pageLink(publicUrl, `/messages/${m.bookingId}`, reader.locale),
        tag: `messages-${m.bookingId}`,
      },
      { tx },
    );
  });
}

/** Defines the job; each stored message schedules one, 10 minutes later, keyed by the message. */
export function defineUnreadMailJob(deps: UnreadMailDeps): void {
  deps.jobs.define<{ messageId: string }>({ name: UNREAD_MAIL_JOB, run: (data) => sendUnreadMail(deps, data) });
}
