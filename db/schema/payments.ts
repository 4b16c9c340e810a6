import { index, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Webhook events already processed, keyed by the provider's event id, so a retried delivery changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: varchar("id", { length: 255 }).primaryKey(),
    provider: varchar("provider", { length: 20 }).notNull(),
    type: varchar("type", { length: 100 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_events_type_idx").on(t.type)],
);

/** Outgoing e-mails already sent for a purpose (e.g. "booking-confirmed:<id>:client"), so each goes exactly once. */
export const sentEmails = pgTable("sent_emails", {
  key: varchar("key", { length: 255 }).primaryKey(),
  recipient: text("recipient").notNull(),
  createdAt: createdAt(),
});
