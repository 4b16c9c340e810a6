import { sql } from "drizzle-orm";
import { boolean, check, char, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./users";

/**
 * A person's phone number for SMS (issue #44), one row per account, in E.164. `number` is the confirmed one; a number
 * being confirmed waits in `pending_number` with the HMAC of the 6-digit code sent to it, so a confirmed number keeps
 * working until its replacement is confirmed. `sms` is the person's choice of reminders and confirmations by SMS,
 * only ever on with a confirmed number.
 */
export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    number: varchar("number", { length: 16 }),
    country: char("country", { length: 2 }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    sms: boolean("sms").notNull().default(false),
    pendingNumber: varchar("pending_number", { length: 16 }),
    pendingCountry: char("pending_country", { length: 2 }),
    codeHash: varchar("code_hash", { length: 64 }),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true, mode: "date" }),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("phone_numbers_confirmed", sql`(${t.number} is null) = (${t.confirmedAt} is null)`),
    check("phone_numbers_sms_needs_number", sql`not ${t.sms} or ${t.number} is not null`),
    check("phone_numbers_number_e164", sql`${t.number} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check("phone_numbers_pending_e164", sql`${t.pendingNumber} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/**
 * Each text message claimed once by its key (a booking's confirmation or reminder to one person, a code), as
 * sent_emails does for mail: a retried job or a second instance finds the key taken and sends nothing.
 */
export const sentSms = pgTable("sent_sms", {
  key: varchar("key", { length: 255 }).primaryKey(),
  recipient: varchar("recipient", { length: 16 }).notNull(),
  createdAt: createdAt(),
});
