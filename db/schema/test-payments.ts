import { index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The built-in test-mode payment provider's own records (src-server/platform/payments/test-provider.ts): what Stripe
 * keeps on its side, kept here so that every instance, and the same one after a restart, sees the same payments.
 */
export const testPaymentIntents = pgTable("test_payment_intents", {
  id: varchar("id", { length: 64 }).primaryKey(),
  clientSecret: varchar("client_secret", { length: 128 }).notNull().unique(),
  amount: integer("amount").notNull(),
  currency: varchar("currency", { length: 3 }).notNull(),
  status: varchar("status", { length: 40 }).notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  lastError: text("last_error"),
  idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique(),
  createdAt: createdAt(),
});

export const testPaymentRefunds = pgTable(
  "test_payment_refunds",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    paymentIntentId: varchar("payment_intent_id", { length: 64 })
      .notNull()
      .references(() => testPaymentIntents.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    status: varchar("status", { length: 20 }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    /** Null for a refund made "elsewhere" (as from Stripe's dashboard). */
    idempotencyKey: varchar("idempotency_key", { length: 255 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [index("test_payment_refunds_intent_idx").on(t.paymentIntentId)],
);
