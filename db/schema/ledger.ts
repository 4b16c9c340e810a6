import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { LEDGER_KINDS, type LedgerKind } from "../../src/domain/enums";
import { bookings } from "./bookings";
import { createdAt, oneOf } from "./columns";
import { orders } from "./commerce";
import { seers } from "./seers";

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
    reference: varchar("reference", { length: 255 }).notNull().unique(),
    /** The payout a transfer or reversal belongs to: one run of the payout job for one Seer. */
    payoutId: varchar("payout_id", { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_kind_check", oneOf(t.kind, LEDGER_KINDS)),
    check("ledger_entries_owner_check", sql`(${t.bookingId} is null) <> (${t.orderId} is null)`),
    check(
      "ledger_entries_amount_check",
      sql`${t.amount} <> 0 and (${t.kind} in ('platform_fee', 'seer_share') or ${t.amount} > 0)`,
    ),
    index("ledger_entries_booking_idx").on(t.bookingId),
    index("ledger_entries_order_idx").on(t.orderId),
    index("ledger_entries_seer_idx").on(t.seerId, t.kind, t.createdAt),
  ],
);
