import { sql } from "drizzle-orm";
import { bigint, char, check, index, numeric, pgTable, text, varchar } from "drizzle-orm/pg-core";
import type { Currency } from "../../src/domain/currencies";
import { LEDGER_KINDS, type LedgerKind } from "../../src/domain/enums";
import { bookings } from "./bookings";
import { createdAt, oneOf } from "./columns";
import { orders } from "./commerce";
import { seers } from "./seers";
import { vendors } from "./vendors";

/**
 * Every movement of money, one row each, in integer cents, never changed or deleted (a trigger refuses UPDATE and
 * DELETE). Balances and money figures are sums over it. `reference` names the movement so that recording it again
 * adds nothing: `charge:{bookingId}`, `refund:{refundId}`, `transfer:{transferId}`, ... Fee and share rows may be
 * negative: a refund after a booking was settled takes back part of both.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 20 }).$type<LedgerKind>().notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "restrict" }),
    seerId: text("seer_id").references(() => seers.id, { onDelete: "restrict" }),
    /** The vendor a `vendor_share` or `vendor_commission` row belongs to (issue #46, migration 0038). */
    vendorId: text("vendor_id").references(() => vendors.id, { onDelete: "restrict" }),
    reference: varchar("reference", { length: 255 }).notNull().unique(),
    /** The payout a transfer or reversal belongs to: one run of the payout job for one Seer. */
    payoutId: varchar("payout_id", { length: 64 }),
    /**
     * The currency the money moved in. `amount` is always its book value in US cents; a row in another currency keeps
     * its own amount (minor units) and the rate (units per US dollar) that turned it into book cents beside it.
     */
    currency: char("currency", { length: 3 }).$type<Currency>().notNull().default("USD"),
    localAmount: bigint("local_amount", { mode: "number" }),
    rate: numeric("rate", { precision: 18, scale: 6 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_kind_check", oneOf(t.kind, LEDGER_KINDS)),
    // A payout's fee belongs to the payout (its Seer or vendor and payout id), not to one booking or order.
    check(
      "ledger_entries_owner_check",
      sql`case when ${t.kind} = 'payout_fee' then ${t.bookingId} is null and ${t.orderId} is null and (${t.seerId} is not null or ${t.vendorId} is not null) and ${t.payoutId} is not null else (${t.bookingId} is null) <> (${t.orderId} is null) end`,
    ),
    check(
      "ledger_entries_currency_check",
      sql`case when ${t.currency} = 'USD' then ${t.localAmount} is null and ${t.rate} is null else ${t.localAmount} is not null and ${t.rate} > 0 end`,
    ),
    check(
      "ledger_entries_amount_check",
      sql`${t.amount} <> 0 and (${t.kind} in ('platform_fee', 'seer_share', 'vendor_share', 'vendor_commission') or ${t.amount} > 0)`,
    ),
    index("ledger_entries_booking_idx").on(t.bookingId),
    index("ledger_entries_order_idx").on(t.orderId),
    index("ledger_entries_seer_idx").on(t.seerId, t.kind, t.createdAt),
    index("ledger_entries_vendor_idx").on(t.vendorId, t.kind, t.createdAt),
  ],
);
