import { check, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { CALENDAR_KINDS, type CalendarKind } from "../../src/domain/enums";
import { createdAt, id, oneOf } from "./columns";
import { seers } from "./seers";
import { users } from "./users";

/**
 * A person's private calendar feed (GET /calendar/{token}.ics): one secret address per person, 32 random bytes in
 * base64url; a reset writes a new token, so the old address answers 404.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: varchar("token", { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
});

/** A Seer's own calendar, read for busy times: an iCalendar address, or CalDAV with a password encrypted at rest. */
export const seerCalendars = pgTable(
  "seer_calendars",
  {
    id: id(),
    seerId: text("seer_id")
      .notNull()
      .references(() => seers.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<CalendarKind>().notNull(),
    url: varchar("url", { length: 2000 }).notNull(),
    username: varchar("username", { length: 200 }),
    /** AES-256-GCM under the configured calendar key (modules/calendars/secrets.ts). */
    passwordEncrypted: text("password_encrypted"),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "date" }),
    lastError: varchar("last_error", { length: 500 }),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "date" }),
    /** What the last successful read stored: how many busy times, and the longest (the screen flags an absurd one). */
    busyCount: integer("busy_count").notNull().default(0),
    longestBusyMinutes: integer("longest_busy_minutes").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check("seer_calendars_kind_check", oneOf(t.kind, CALENDAR_KINDS)), index("seer_calendars_seer_idx").on(t.seerId)],
);

/** The busy times of a Seer's calendar as last read (recurrences expanded), replaced whole on every successful read. */
export const seerCalendarBusy = pgTable(
  "seer_calendar_busy",
  {
    calendarId: text("calendar_id")
      .notNull()
      .references(() => seerCalendars.id, { onDelete: "cascade" }),
    seerId: text("seer_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    check("seer_calendar_busy_range_check", sql`${t.endsAt} > ${t.startsAt}`),
    index("seer_calendar_busy_calendar_idx").on(t.calendarId),
    index("seer_calendar_busy_seer_idx").on(t.seerId, t.startsAt),
  ],
);
