import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/**
 * Charges in a local currency taken by a real gateway, Paystack or Flutterwave (issue #41;
 * src-server/platform/payments/local-charges.ts): our side of what the gateway keeps, in the words of a payment intent.
 * `id` is our reference, sent to the gateway as its `reference` / `tx_ref`; `status` is the PaymentIntent vocabulary
 * and changes only after the gateway's own transaction record (verify) says so.
 */
export const localCharges = pgTable(
  "local_charges",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    gateway: varchar("gateway", { length: 20 }).notNull(),
    clientSecret: varchar("client_secret", { length: 128 }).notNull().unique(),
    /** Minor units of `currency` (pesewas; francs, which have none). */
    amount: integer("amount").notNull(),
    /** Lower-case ISO code, as intents report it ("ghs"). */
    currency: varchar("currency", { length: 3 }).notNull(),
    status: varchar("status", { length: 40 }).notNull(),
    /** What the purchase put on the intent: kind, bookingId or orderId, and the rest. */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    lastError: text("last_error"),
    idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique(),
    /** When the last prompt went to the client's phone; null before the first. */
    promptedAt: timestamp("prompted_at", { withTimezone: true, mode: "date" }),
    /** When the gateway's record was last read while the prompt waited (state's verify, rate-limited). */
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    /** The gateway's own transaction id (Paystack's numeric id, Flutterwave's data.id), once it is known. */
    providerTransactionId: varchar("provider_transaction_id", { length: 64 }),
    /** How many prompts went out: each is its own gateway transaction, referenced `<id>-<attempt>` (a reference is used once). */
    attempt: integer("attempt").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("local_charges_status_idx").on(t.status)],
);

/** Refunds asked of a gateway, by our idempotency key: a retried refund answers the one already asked. */
export const localChargeRefunds = pgTable("local_charge_refunds", {
  idempotencyKey: varchar("idempotency_key", { length: 255 }).primaryKey(),
  chargeId: varchar("charge_id", { length: 64 })
    .notNull()
    .references(() => localCharges.id),
  /** Null until the gateway has answered. */
  providerRefundId: varchar("provider_refund_id", { length: 64 }),
  amount: integer("amount").notNull(),
  createdAt: createdAt(),
});
