import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf } from "./columns";
import { bookings } from "./bookings";
import { uploads } from "./uploads";
import { users } from "./users";

const MEETING_ROLES = ["client", "seer"] as const;

/**
 * The booking's conversation (issue #43): the room's chat and the messages written outside it are one thread, plain
 * text and images (an upload of kind 'message-image'), shown to both parties from the confirmation onwards.
 */
export const meetingMessages = pgTable(
  "meeting_messages",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    senderRole: varchar("sender_role", { length: 10 }).$type<(typeof MEETING_ROLES)[number]>().notNull(),
    /** Empty when the message is an image alone. */
    text: text("text").notNull(),
    imageUploadId: text("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("meeting_messages_role_check", oneOf(t.senderRole, MEETING_ROLES)),
    check(
      "meeting_messages_text_check",
      sql`char_length(${t.text}) <= 2000 and (char_length(${t.text}) >= 1 or ${t.imageUploadId} is not null)`,
    ),
    index("meeting_messages_booking_idx").on(t.bookingId, t.createdAt),
    index("meeting_messages_image_idx")
      .on(t.imageUploadId)
      .where(sql`${t.imageUploadId} is not null`),
  ],
);

/** How far each party has read a booking's conversation: later messages from the other party are unread. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ name: "conversation_reads_pk", columns: [t.bookingId, t.userId] })],
);

/** When a conversation last sent its "unread message" mail: at most one an hour (the job claims it here). */
export const conversationMails = pgTable("conversation_mails", {
  bookingId: text("booking_id")
    .primaryKey()
    .references(() => bookings.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Who joined the room and left it, and when: one row per connection (completion, no-shows and disputes). */
export const meetingAttendance = pgTable(
  "meeting_attendance",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    role: varchar("role", { length: 10 }).$type<(typeof MEETING_ROLES)[number]>().notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull(),
    leftAt: timestamp("left_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check("meeting_attendance_role_check", oneOf(t.role, MEETING_ROLES)),
    index("meeting_attendance_booking_idx").on(t.bookingId, t.role),
  ],
);

/** Relayed messages too large for NOTIFY's 8,000 bytes wait here a moment, named by id in the notification. */
export const relayPayloads = pgTable(
  "relay_payloads",
  {
    id: id(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("relay_payloads_created_idx").on(t.createdAt)],
);

/** A report of one message (issue #43's abuse part): once per message and reporter; admins may then read its thread. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: id(),
    messageId: text("message_id")
      .notNull()
      .references(() => meetingMessages.id, { onDelete: "cascade" }),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    unique("message_reports_once").on(t.messageId, t.reporterId),
    check("message_reports_reason_check", sql`char_length(${t.reason}) <= 500`),
    index("message_reports_booking_idx").on(t.bookingId, t.createdAt),
  ],
);
