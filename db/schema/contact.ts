import { check, index, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { CONTACT_STATUSES, type ContactStatus } from "../../src/domain/enums";
import { createdAt, id, oneOf } from "./columns";
import { users } from "./users";

/** Messages sent through the contact form, for the admins' inbox. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: varchar("name", { length: 200 }).notNull(),
    email: varchar("email", { length: 320 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    message: text("message").notNull(),
    /** The sender's account when they were signed in; kept null when that account is deleted. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: varchar("status", { length: 20 }).$type<ContactStatus>().notNull().default("new"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_messages_status_check", oneOf(t.status, CONTACT_STATUSES)),
    index("contact_messages_status_created_idx").on(t.status, t.createdAt),
  ],
);
