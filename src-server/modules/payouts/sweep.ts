import { eq, sql } from "drizzle-orm";
import { ledgerEntries, seers } from "../../../db/schema";
import { owedPart, type Ledger, type PayoutDeps } from "./deps";

export const LEDGER_SWEEP_JOB = "ledger.sweep";

/**
 * The periodic sweep: brings lagging bookings and orders into the ledger (settling sessions whose hold is over),
 * then asks for a payout for every active Seer who is owed money or was overpaid, and every vendor whose share may be
 * paid (issue #46).
 */
export async function sweep({
  db,
  clock,
  log,
  ledger,
  requestPayout,
  vendors,
}: Pick<PayoutDeps, "db" | "clock" | "log"> & {
  ledger: Ledger;
  requestPayout: (seerId: string, occasion: string) => Promise<void>;
  /** Vendors (issue #46): those with a share past its return window, or an order overpaid, and their payout. */
  vendors: { vendorsDue: () => Promise<string[]>; requestVendorPayout: (vendorId: string, occasion: string) => Promise<void> };
}): Promise<void> {
  for (const id of await ledger.laggingBookings()) {
    try {
      await ledger.recordBooking(id);
    } catch (err) {
      log?.warn({ err, bookingId: id }, "recording a booking in the ledger failed; it is tried again on the next run");
    }
  }
  for (const id of await ledger.laggingOrders()) {
    try {
      await ledger.recordOrder(id);
    } catch (err) {
      log?.warn({ err, orderId: id }, "recording an order in the ledger failed; it is tried again on the next run");
    }
  }
  const due = await db
    .selectDistinct({ seerId: seers.id })
    .from(seers)
    .innerJoin(
      sql`(select ${ledgerEntries.seerId} as seer_id, ${ledgerEntries.bookingId} as booking_id,
             sum(${owedPart}) as owed
           from ${ledgerEntries} where ${ledgerEntries.seerId} is not null group by 1, 2) owed`,
      sql`owed.seer_id = ${seers.id} and owed.owed <> 0`,
    )
    // Active: a Stripe account that can receive transfers, or local details (local.ts decides when they may be paid).
    .where(eq(seers.payoutStatus, "active"));
  const minute = Math.floor(clock.now().getTime() / 60_000);
  for (const { seerId } of due) await requestPayout(seerId, `sweep:${minute}`);
  for (const vendorId of await vendors.vendorsDue()) await vendors.requestVendorPayout(vendorId, `sweep:${minute}`);
}
