import { sql } from "drizzle-orm";
import { bigint, char, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import {
  LOCAL_PAYOUT_STATUSES,
  LOCAL_RAILS,
  PAYOUT_METHOD_KINDS,
  type LocalPayoutStatus,
  type LocalRailName,
  type PayoutMethodKind,
} from "../../src/domain/payout-rails";
import type { Currency } from "../../src/domain/currencies";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { seers } from "./seers";
import { vendors } from "./vendors";


/**
 * A Seer's local payout details (issue #40): a mobile money number or a bank account, paid through Paystack or
 * Flutterwave. Details are never edited: a change writes a new row and marks the old one replaced, so what was paid
 * where stays on record. Payouts go to new details only from `usable_from` (24 hours after a change).
 */
export const payoutMethods = pgTable(
  "payout_methods",
  {
    id: id(),
    /** The Seer paid to these details, or (migration 0046) the vendor: exactly one of the two. */
    seerId: text("seer_id").references(() => seers.id, { onDelete: "cascade" }),
    vendorId: text("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    rail: varchar("rail", { length: 20 }).$type<LocalRailName>().notNull(),
    kind: varchar("kind", { length: 20 }).$type<PayoutMethodKind>().notNull(),
    /** ISO 3166 alpha-2, as the providers name countries. */
    country: char("country", { length: 2 }).notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    institutionCode: varchar("institution_code", { length: 40 }).notNull(),
    institutionName: varchar("institution_name", { length: 120 }).notNull(),
    accountNumber: varchar("account_number", { length: 40 }).notNull(),
    /** The holder's name as the provider resolved it (or as the Seer typed it where it cannot), confirmed by the Seer. */
    accountName: varchar("account_name", { length: 200 }).notNull(),
    /** The provider's handle for these details (Paystack's recipient_code), when it asks for one. */
    recipientCode: varchar("recipient_code", { length: 100 }),
    usableFrom: timestamp("usable_from", { withTimezone: true, mode: "date" }).notNull(),
    replacedAt: timestamp("replaced_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("payout_methods_rail_check", oneOf(t.rail, LOCAL_RAILS)),
    check("payout_methods_kind_check", oneOf(t.kind, PAYOUT_METHOD_KINDS)),
    // One current method per Seer, and per vendor.
    uniqueIndex("payout_methods_current_idx").on(t.seerId).where(sql`${t.replacedAt} is null`),
    uniqueIndex("payout_methods_vendor_current_idx").on(t.vendorId).where(sql`${t.replacedAt} is null`),
    check("payout_methods_payee_check", sql`(${t.seerId} is null) <> (${t.vendorId} is null)`),
  ],
);

/**
 * One local transfer to a Seer (issue #40): what was owed, in book cents, converted at the rate of that moment into
 * the method's currency. `reference` is ours and goes to the provider, which refuses a second transfer with it.
 */
export const localPayouts = pgTable(
  "local_payouts",
  {
    /** `po_…`, also the ledger rows' payout id and the reference sent to the provider. */
    id: varchar("id", { length: 64 }).primaryKey(),
    /** The Seer paid, or (migration 0046) the vendor: exactly one of the two. */
    seerId: text("seer_id").references(() => seers.id, { onDelete: "restrict" }),
    vendorId: text("vendor_id").references(() => vendors.id, { onDelete: "restrict" }),
    methodId: text("method_id")
      .notNull()
      .references(() => payoutMethods.id, { onDelete: "restrict" }),
    rail: varchar("rail", { length: 20 }).$type<LocalRailName>().notNull(),
    status: varchar("status", { length: 20 }).$type<LocalPayoutStatus>().notNull().default("pending"),
    /** Book value, US cents. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).$type<Currency>().notNull(),
    /** What the Seer receives, in the currency's minor units. */
    localAmount: bigint("local_amount", { mode: "number" }).notNull(),
    /** Units of `currency` per US dollar, as exchange_rates held it when the payout was made. */
    rate: numeric("rate", { precision: 18, scale: 6 }).notNull(),
    /** The provider's fee, in the currency's minor units, once known. */
    fee: bigint("fee", { mode: "number" }),
    providerId: varchar("provider_id", { length: 100 }),
    /** The provider's last message (a failure's or reversal's reason). */
    message: text("message"),
    attempts: integer("attempts").notNull().default(0),
    /** An admin asked to pay again after this payout failed: the same details are tried once more. */
    retriedAt: timestamp("retried_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("local_payouts_status_check", oneOf(t.status, LOCAL_PAYOUT_STATUSES)),
    check("local_payouts_rail_check", oneOf(t.rail, LOCAL_RAILS)),
    check("local_payouts_amounts_check", sql`${t.amount} > 0 and ${t.localAmount} > 0 and coalesce(${t.fee}, 0) >= 0`),
    check("local_payouts_payee_check", sql`(${t.seerId} is null) <> (${t.vendorId} is null)`),
    index("local_payouts_seer_idx").on(t.seerId, t.createdAt),
    index("local_payouts_vendor_idx").on(t.vendorId, t.createdAt),
    index("local_payouts_status_idx").on(t.status, t.createdAt),
  ],
);

/** The built-in test-mode rail's transfers (platform/payouts/test-rail.ts): what the provider keeps, kept here. */
export const testRailTransfers = pgTable("test_rail_transfers", {
  reference: varchar("reference", { length: 64 }).primaryKey(),
  rail: varchar("rail", { length: 20 }).notNull(),
  amount: bigint("amount", { mode: "number" }).notNull(),
  currency: char("currency", { length: 3 }).notNull(),
  accountNumber: varchar("account_number", { length: 40 }).notNull(),
  status: varchar("status", { length: 20 }).notNull(),
  fee: bigint("fee", { mode: "number" }).notNull(),
  message: text("message"),
  createdAt: createdAt(),
});
