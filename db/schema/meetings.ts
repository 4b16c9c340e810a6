import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf } from "./columns";
import { bookings } from "./bookings";
import { users } from "./users";

const MEETING_ROLES = ["client", "seer"] as const;

/** The room's text chat, kept with the booking: plain text, shown to both parties in the room and afterwards. */
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
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("meeting_messages_role_check", oneOf(t.senderRole, MEETING_ROLES)),
    check("meeting_messages_text_check", sql`char_length(${t.text}) between 1 and 2000`),
    index("meeting_messages_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

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
