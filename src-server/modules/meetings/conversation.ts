import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { conversationReads, meetingMessages, uploads } from "../../../db/schema";
import {
  conversationClosesAt,
  conversationState,
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_MS,
  UNREAD_MAIL_AFTER_MS,
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
import type { PushNotifier } from "../../platform/push";
import { roomBooking } from "../bookings";
import { displayName, imageSharedWith, imageUrlOf, inbox, readMessages, unreadByBooking } from "./conversation-reads";
import { createMessageReports, hasReport } from "./message-reports";
import { defineUnreadMailJob, UNREAD_MAIL_JOB } from "./unread-mail";
import {
  CONVERSATION_CLOSED,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_NOT_YET,
  MESSAGE_IMAGE_NOT_FOUND,
  MESSAGES_TOO_FAST,
} from "./messages";

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
  /** Web push for the unread notice (issue #44). */
  push?: PushNotifier;
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

/** Moves a party's read mark forward (never back) to `at`. */
async function markReadAt(db: Db, bookingId: string, userId: string, at: Date): Promise<void> {
  await db
    .insert(conversationReads)
    .values({ bookingId, userId, readAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.bookingId, conversationReads.userId],
      set: { readAt: sql`greatest(${conversationReads.readAt}, excluded.read_at)` },
    });
}

export function createConversations(deps: ConversationDeps) {
  const { db, clock, jobs } = deps;
  const throttle = createThrottle(db, clock);
  /** Handed in by the socket code, which holds the relay; without them, messages reach pages on their next read. */
  const listeners: ((event: ConversationEvent) => Promise<void>)[] = [];
  const announce = async (event: ConversationEvent) => {
    await Promise.all(listeners.map((listener) => listener(event)));
  };

  /**
   * The booking as its conversation needs it; anyone but its parties, and admins once a message of it was reported
   * (issue #43), is told what a missing id is told.
   */
  async function access(user: SessionUser, bookingId: string) {
    const row = await roomBooking(db, bookingId);
    const role = row ? meetingRole(row, user.id) : null;
    const admitted = !!role || (user.role === "admin" && !!row && (await hasReport(db, row.id)));
    if (!row || !admitted) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
    return { row, role, clientName: displayName(row.clientFirst, row.clientLast, "Client") };
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
      messages: state === "not-yet" ? [] : await readMessages(db, row.id, row.seerName),
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
    await markReadAt(db, row.id, user.id, new Date(message.sentAt));
    return message;
  }

  /** The booking's party has read the thread up to now. An admin's reading marks nothing. */
  async function markRead(user: SessionUser, bookingId: string): Promise<{ ok: true }> {
    const { row, role } = await access(user, bookingId);
    if (role) await markReadAt(db, row.id, user.id, clock.now());
    return { ok: true };
  }
  async function unread(user: SessionUser): Promise<{ total: number; byBooking: Record<string, number> }> {
    const counts = await unreadByBooking(db, user.id);
    return { total: [...counts.values()].reduce((a, b) => a + b, 0), byBooking: Object.fromEntries(counts) };
  }
  defineUnreadMailJob(deps);
  return {
    ...createMessageReports({ db, clock }),
    thread,
    send,
    store,
    markRead,
    unread,
    inbox: (user: SessionUser) => inbox(db, user),
    imageSharedWith: (uploadId: string, userId: string) => imageSharedWith(db, uploadId, userId),
    /** The socket code hands in how a stored message reaches both sides (the relay). */
    onMessage(listener: (event: ConversationEvent) => Promise<void>) {
      listeners.push(listener);
    },
  };
}

export type Conversations = ReturnType<typeof createConversations>;
