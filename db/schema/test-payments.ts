import { boolean, index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
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

/** The test-mode provider's connected payout accounts (Stripe Connect Express in test mode). */
export const testConnectedAccounts = pgTable("test_connected_accounts", {
  id: varchar("id", { length: 64 }).primaryKey(),
  email: varchar("email", { length: 255 }).notNull(),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique(),
  createdAt: createdAt(),
});

export const testTransfers = pgTable("test_transfers", {
  id: varchar("id", { length: 64 }).primaryKey(),
  destination: varchar("destination", { length: 64 })
    .notNull()
    .references(() => testConnectedAccounts.id, { onDelete: "cascade" }),
  amount: integer("amount").notNull(),
  currency: varchar("currency", { length: 3 }).notNull(),
  transferGroup: varchar("transfer_group", { length: 255 }),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique(),
  createdAt: createdAt(),
});

export const testTransferReversals = pgTable("test_transfer_reversals", {
  id: varchar("id", { length: 64 }).primaryKey(),
  transferId: varchar("transfer_id", { length: 64 })
    .notNull()
    .references(() => testTransfers.id, { onDelete: "cascade" }),
  amount: integer("amount").notNull(),
  /** Null for a reversal made "elsewhere" (as from Stripe's dashboard). */
  idempotencyKey: varchar("idempotency_key", { length: 255 }).unique(),
  createdAt: createdAt(),
});
