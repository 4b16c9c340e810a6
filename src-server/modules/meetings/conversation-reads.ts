import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { bookings, conversationReads, meetingMessages, seers, users } from "../../../db/schema";
import { CONVERSATION_STATUSES } from "../../../src/domain/conversations";
import type { ChatMessage, MeetingRole } from "../../../src/domain/meetings";
import type { SessionUser } from "../../platform/trpc/context";

/** The reads of conversations: a thread's messages, the unread counts, the inbox, and who may see an image. */

/** A line of the inbox: a conversation, its other person, its session and what waits unread. */
export interface InboxEntry {
  bookingId: string;
  peerName: string;
  role: MeetingRole;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  startsAt: Date;
  lastMessageAt: Date | null;
  lastMessage: string | null;
  unread: number;
}

export const displayName = (first: string | null, last: string | null, fallback: string) =>
  [first, last].filter((p) => p && p.trim()).join(" ") || fallback;

const clientUsers = alias(users, "client_users");
export const imageUrlOf = (uploadId: string | null) => (uploadId ? `/api/uploads/${uploadId}` : undefined);

export async function readMessages(db: Db, bookingId: string, seerName: string): Promise<ChatMessage[]> {
  const rows = await db
    .select({
      id: meetingMessages.id,
      senderRole: meetingMessages.senderRole,
      text: meetingMessages.text,
      imageUploadId: meetingMessages.imageUploadId,
      createdAt: meetingMessages.createdAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(meetingMessages)
    .innerJoin(users, eq(users.id, meetingMessages.senderId))
    .where(eq(meetingMessages.bookingId, bookingId))
    .orderBy(asc(meetingMessages.createdAt), asc(meetingMessages.id));
  return rows.map((r) => {
    const imageUrl = imageUrlOf(r.imageUploadId);
    return {
      id: r.id,
      senderRole: r.senderRole,
      senderName: r.senderRole === "seer" ? seerName : displayName(r.first, r.last, "Client"),
      text: r.text,
      ...(imageUrl ? { imageUrl } : {}),
      sentAt: r.createdAt.toISOString(),
    };
  });
}

/** The messages from the other party after the person's read mark, per conversation (only those with any). */
export async function unreadByBooking(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ bookingId: meetingMessages.bookingId, n: sql<number>`count(*)::int` })
    .from(meetingMessages)
    .innerJoin(bookings, eq(bookings.id, meetingMessages.bookingId))
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .leftJoin(
      conversationReads,
      and(eq(conversationReads.bookingId, meetingMessages.bookingId), eq(conversationReads.userId, userId)),
    )
    .where(
      and(
        or(eq(bookings.clientId, userId), eq(seers.userId, userId)),
        ne(meetingMessages.senderId, userId),
        or(isNull(conversationReads.readAt), gt(meetingMessages.createdAt, conversationReads.readAt)),
      ),
    )
    .groupBy(meetingMessages.bookingId);
  return new Map(rows.map((r) => [r.bookingId, r.n]));
}

/** The header's badge and the session cards: the total, and each conversation's count. */

/** `/messages`: the person's conversations (their paid bookings, as client or Seer), the latest activity first. */
export async function inbox(db: Db, user: SessionUser): Promise<InboxEntry[]> {
  const last = db
    .select({
      bookingId: meetingMessages.bookingId,
      at: sql<Date>`max(${meetingMessages.createdAt})`.as("last_at"),
    })
    .from(meetingMessages)
    .groupBy(meetingMessages.bookingId)
    .as("last");
  const [rows, counts] = await Promise.all([
    db
      .select({
        bookingId: bookings.id,
        clientId: bookings.clientId,
        seerUserId: seers.userId,
        seerName: seers.fullName,
        clientFirst: clientUsers.firstName,
        clientLast: clientUsers.lastName,
        scheduledDate: bookings.scheduledDate,
        scheduledTime: bookings.scheduledTime,
        clientTimezone: bookings.clientTimezone,
        startsAt: bookings.startsAt,
        lastAt: last.at,
        lastText: sql<string | null>`(select case when m.text = '' then null else m.text end from ${meetingMessages} m
          where m.booking_id = ${bookings.id} order by m.created_at desc, m.id desc limit 1)`,
      })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
      .leftJoin(last, eq(last.bookingId, bookings.id))
      .where(
        and(or(eq(bookings.clientId, user.id), eq(seers.userId, user.id)), inArray(bookings.status, [...CONVERSATION_STATUSES])),
      )
      .orderBy(desc(sql`coalesce(${last.at}, ${bookings.confirmedAt}, ${bookings.createdAt})`), desc(bookings.id))
      .limit(200),
    unreadByBooking(db, user.id),
  ]);
  return rows.map((r) => {
    const role: MeetingRole = r.seerUserId === user.id ? "seer" : "client";
    return {
      bookingId: r.bookingId,
      role,
      peerName: role === "seer" ? displayName(r.clientFirst, r.clientLast, "Client") : r.seerName,
      scheduledDate: r.scheduledDate,
      scheduledTime: r.scheduledTime,
      clientTimezone: r.clientTimezone,
      startsAt: r.startsAt,
      lastMessageAt: r.lastAt ? new Date(r.lastAt) : null,
      lastMessage: r.lastText ? r.lastText.slice(0, 140) : null,
      unread: counts.get(r.bookingId) ?? 0,
    };
  });
}

/** Whether an image sent in a conversation may be read by this user: the booking's other party. */
export async function imageSharedWith(db: Db, uploadId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: meetingMessages.id })
    .from(meetingMessages)
    .innerJoin(bookings, eq(bookings.id, meetingMessages.bookingId))
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .where(and(eq(meetingMessages.imageUploadId, uploadId), or(eq(bookings.clientId, userId), eq(seers.userId, userId))))
    .limit(1);
  return !!row;
}
