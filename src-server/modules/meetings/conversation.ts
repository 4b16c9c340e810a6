import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { bookings, conversationMails, conversationReads, meetingMessages, seers, uploads, users } from "../../../db/schema";
import {
  conversationClosesAt,
  conversationState,
  CONVERSATION_STATUSES,
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_MS,
  UNREAD_MAIL_AFTER_MS,
  UNREAD_MAIL_EVERY_MS,
  type ConversationState,
} from "../../../src/domain/conversations";
import { meetingRole, type ChatMessage, type MeetingRole } from "../../../src/domain/meetings";
import { uploadIdFromUrl } from "../../../src/schemas/applications";
import type { SendMessageInput } from "../../../src/schemas/conversations";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import { createThrottle, throttleKey } from "../../platform/throttle";
import type { SessionUser } from "../../platform/trpc/context";
import { roomBooking } from "../bookings";
import { unreadMessageMail } from "./mail";
import {
  CONVERSATION_CLOSED,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_NOT_YET,
  MESSAGE_IMAGE_NOT_FOUND,
  MESSAGES_TOO_FAST,
} from "./messages";

export const UNREAD_MAIL_JOB = "messages.unread-mail";

/** A message just stored, for the two parties' open pages and the room (the relay carries it across instances). */
export interface ConversationEvent {
  bookingId: string;
  /** The client's and the Seer's user ids: the people whose inbox it reaches. */
  userIds: string[];
  message: ChatMessage;
}

export interface ConversationDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  outbox: Outbox;
  publicUrl: string;
}

/** One booking's thread as its client, its Seer or an admin sees it. */
export interface ThreadView {
  bookingId: string;
  viewer: MeetingRole | "admin";
  peerName: string;
  seerName: string;
  clientName: string;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  startsAt: Date;
  state: ConversationState;
  /** Until when messages can be written (14 days after the session). */
  closesAt: Date;
  messages: ChatMessage[];
}

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
const imageUrlOf = (uploadId: string | null) => (uploadId ? `/api/uploads/${uploadId}` : undefined);

export function createConversations(deps: ConversationDeps) {
  const { db, clock, jobs, outbox } = deps;
  const throttle = createThrottle(db, clock);
  /** Handed in by the socket code, which holds the relay; without them, messages reach pages on their next read. */
  const listeners: ((event: ConversationEvent) => Promise<void>)[] = [];
  const announce = async (event: ConversationEvent) => {
    await Promise.all(listeners.map((listener) => listener(event)));
  };

  /** The booking as its conversation needs it; anyone but its parties and admins is told what a missing id is told. */
  async function access(user: SessionUser, bookingId: string) {
    const row = await roomBooking(db, bookingId);
    const role = row ? meetingRole(row, user.id) : null;
    if (!row || (!role && user.role !== "admin")) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
    return { row, role, clientName: displayName(row.clientFirst, row.clientLast, "Client") };
  }

  async function readMessages(bookingId: string, seerName: string): Promise<ChatMessage[]> {
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

  async function thread(user: SessionUser, bookingId: string): Promise<ThreadView> {
    const { row, role, clientName } = await access(user, bookingId);
    const state = conversationState(row, clock.now());
    return {
      bookingId: row.id,
      viewer: role ?? "admin",
      peerName: role === "seer" ? clientName : role === "client" ? row.seerName : `${clientName} and ${row.seerName}`,
      seerName: row.seerName,
      clientName,
      scheduledDate: row.scheduledDate,
      scheduledTime: row.scheduledTime,
      clientTimezone: row.clientTimezone,
      startsAt: row.startsAt,
      state,
      closesAt: conversationClosesAt(row.endsAt),
      messages: state === "not-yet" ? [] : await readMessages(row.id, row.seerName),
    };
  }

  /**
   * Stores a message with its unread-mail job in one transaction, then tells both sides. The booking's parties only,
   * while the conversation is open; an image must be the sender's own upload of kind 'message-image'.
   */
  async function store(input: {
    bookingId: string;
    senderId: string;
    role: MeetingRole;
    senderName: string;
    text: string;
    imageUploadId?: string;
    peerId: string;
  }): Promise<ChatMessage> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(meetingMessages)
        .values({
          bookingId: input.bookingId,
          senderId: input.senderId,
          senderRole: input.role,
          text: input.text,
          imageUploadId: input.imageUploadId ?? null,
          createdAt: now,
        })
        .returning({ id: meetingMessages.id, createdAt: meetingMessages.createdAt });
      if (!inserted) throw new Error("The message was not stored");
      await jobs.send(
        UNREAD_MAIL_JOB,
        { messageId: inserted.id },
        { at: new Date(now.getTime() + UNREAD_MAIL_AFTER_MS), key: inserted.id, tx },
      );
      return inserted;
    });
    const imageUrl = imageUrlOf(input.imageUploadId ?? null);
    const message: ChatMessage = {
      id: row.id,
      senderRole: input.role,
      senderName: input.senderName,
      text: input.text,
      ...(imageUrl ? { imageUrl } : {}),
      sentAt: row.createdAt.toISOString(),
    };
    await announce({ bookingId: input.bookingId, userIds: [input.senderId, input.peerId], message }).catch(() => {});
    return message;
  }

  async function send(user: SessionUser, input: SendMessageInput): Promise<ChatMessage> {
    const { row, role, clientName } = await access(user, input.bookingId);
    // An admin reads but never writes: told what a stranger is told.
    if (!role) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
    const state = conversationState(row, clock.now());
    if (state === "not-yet") throw new AppError("CONFLICT", CONVERSATION_NOT_YET);
    if (state === "closed") throw new AppError("CONFLICT", CONVERSATION_CLOSED);
    let imageUploadId: string | undefined;
    if (input.imageUrl) {
      const id = uploadIdFromUrl(input.imageUrl);
      const [image] = id
        ? await db
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(eq(uploads.id, id), eq(uploads.userId, user.id), eq(uploads.kind, "message-image")))
            .limit(1)
        : [];
      if (!image) throw new AppError("BAD_REQUEST", MESSAGE_IMAGE_NOT_FOUND);
      imageUploadId = image.id;
    }
    if (!(await throttle.hit(throttleKey("messages-user", user.id), MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_MS)))
      throw new AppError("TOO_MANY_REQUESTS", MESSAGES_TOO_FAST);
    const message = await store({
      bookingId: row.id,
      senderId: user.id,
      role,
      senderName: role === "seer" ? row.seerName : clientName,
      text: input.text,
      imageUploadId,
      peerId: role === "seer" ? row.clientId : row.seerUserId,
    });
    // What one has written is read: the reader's mark moves to their own message.
    await markReadAt(row.id, user.id, new Date(message.sentAt));
    return message;
  }

  async function markReadAt(bookingId: string, userId: string, at: Date): Promise<void> {
    await db
      .insert(conversationReads)
      .values({ bookingId, userId, readAt: at })
      .onConflictDoUpdate({
        target: [conversationReads.bookingId, conversationReads.userId],
        set: { readAt: sql`greatest(${conversationReads.readAt}, excluded.read_at)` },
      });
  }

  /** The booking's party has read the thread up to now. An admin's reading marks nothing. */
  async function markRead(user: SessionUser, bookingId: string): Promise<{ ok: true }> {
    const { row, role } = await access(user, bookingId);
    if (role) await markReadAt(row.id, user.id, clock.now());
    return { ok: true };
  }

  /** The messages from the other party after the person's read mark, per conversation (only those with any). */
  async function unreadByBooking(userId: string): Promise<Map<string, number>> {
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
  async function unread(user: SessionUser): Promise<{ total: number; byBooking: Record<string, number> }> {
    const counts = await unreadByBooking(user.id);
    return { total: [...counts.values()].reduce((a, b) => a + b, 0), byBooking: Object.fromEntries(counts) };
  }

  /** `/messages`: the person's conversations (their paid bookings, as client or Seer), the latest activity first. */
  async function inbox(user: SessionUser): Promise<InboxEntry[]> {
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
          and(
            or(eq(bookings.clientId, user.id), eq(seers.userId, user.id)),
            inArray(bookings.status, [...CONVERSATION_STATUSES]),
          ),
        )
        .orderBy(desc(sql`coalesce(${last.at}, ${bookings.confirmedAt}, ${bookings.createdAt})`), desc(bookings.id))
        .limit(200),
      unreadByBooking(user.id),
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

  /**
   * The job, 10 minutes after a message: when its reader has still not read it, one mail, unless the conversation sent
   * one in the past hour. The hour is claimed in the same transaction that queues the mail (keyed by the message), so
   * a retried job, or a second instance, sends nothing more.
   */
  async function sendUnreadMail({ messageId }: { messageId: string }): Promise<void> {
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
      .select({ email: users.email, first: users.firstName, readAt: conversationReads.readAt })
      .from(users)
      .leftJoin(conversationReads, and(eq(conversationReads.bookingId, m.bookingId), eq(conversationReads.userId, users.id)))
      .where(eq(users.id, readerId))
      .limit(1);
    if (!reader || (reader.readAt && reader.readAt.getTime() >= m.createdAt.getTime())) return;
    const now = clock.now();
    const senderName = m.senderRole === "seer" ? m.seerName : displayName(m.senderFirst, m.senderLast, "Your client");
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
        unreadMessageMail(reader.email, { senderName, url: `${deps.publicUrl}/messages/${m.bookingId}` }),
        { tx },
      );
    });
  }

  jobs.define<{ messageId: string }>({ name: UNREAD_MAIL_JOB, run: sendUnreadMail });

  /** Whether an image sent in a conversation may be read by this user: the booking's other party. */
  async function imageSharedWith(uploadId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: meetingMessages.id })
      .from(meetingMessages)
      .innerJoin(bookings, eq(bookings.id, meetingMessages.bookingId))
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(and(eq(meetingMessages.imageUploadId, uploadId), or(eq(bookings.clientId, userId), eq(seers.userId, userId))))
      .limit(1);
    return !!row;
  }

  return {
    thread,
    send,
    store,
    markRead,
    unread,
    inbox,
    imageSharedWith,
    /** The socket code hands in how a stored message reaches both sides (the relay). */
    onMessage(listener: (event: ConversationEvent) => Promise<void>) {
      listeners.push(listener);
    },
  };
}

export type Conversations = ReturnType<typeof createConversations>;
