import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries } from "../../../db/schema";
import type { Currency } from "../../../src/domain/currencies";
import type { LedgerKind } from "../../../src/domain/enums";
import { toCents } from "../../../src/domain/money";
import { isSettled } from "../../../src/domain/payouts";
import type { Clock } from "../../platform/clock";
import { underLock } from "../../platform/locks";
import { bookingMoneyQuery, bookingRefundsQuery, PAID_BOOKING_STATUSES } from "../bookings";

export type NewEntry = typeof ledgerEntries.$inferInsert;

export const FINAL_REFUND_STATUSES = new Set(["succeeded", "failed", "canceled"]);

/** A booking's charge as its row stores it: its price, and its charge in another currency, if any (issue #41). */
export interface ChargedBooking {
  id: string;
  seerId: string;
  amount: string;
  chargeCurrency: Currency;
  chargeAmount: number | null;
  chargeRate: string | null;
}

/**
 * The currency columns of a booking's charge and refund rows: none for US dollars; else the charge's currency, the
 * row's own minor units and the charge's rate (decision 131). `amount` stays book value in US cents.
 */
export function localColumns(
  booking: Pick<ChargedBooking, "chargeCurrency" | "chargeRate">,
  localAmount: number | null,
): Pick<NewEntry, "currency" | "localAmount" | "rate"> {
  if (booking.chargeCurrency === "USD" || booking.chargeRate === null || localAmount === null)
    return { currency: "USD", localAmount: null, rate: null };
  return { currency: booking.chargeCurrency, localAmount, rate: booking.chargeRate };
}

/** A booking's charge row, dated when its payment was confirmed: one form for `recordBooking` and `recordCharge`. */
export const chargeEntry = (booking: ChargedBooking, confirmedAt: Date): NewEntry => ({
  bookingId: booking.id,
  seerId: booking.seerId,
  kind: "charge",
  amount: toCents(booking.amount),
  ...localColumns(booking, booking.chargeAmount),
  reference: `charge:${booking.id}`,
  createdAt: confirmedAt,
});

/** Appends what is missing for one booking; answers whether its Seer's share changed (a payout may be due). */
export async function recordBooking(
  { db, clock }: { db: Db; clock: Clock },
  bookingId: string,
): Promise<{ seerId: string; shareChanged: boolean } | null> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // The booking, its refunds and its ledger rows, read together under the lock.
    const [[b], refunds, existing] = await underLock(
      tx,
      `ledger:booking:${bookingId}`,
      bookingMoneyQuery(tx, bookingId),
      bookingRefundsQuery(tx, bookingId),
      tx
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.bookingId, bookingId)),
    );
    if (!b || !(PAID_BOOKING_STATUSES as readonly string[]).includes(b.status)) return null;
    if (b.status === "cancelled" && !b.confirmedAt && refunds.length === 0) return null;
    const have = new Set(existing.map((e) => e.reference));
    const sumOf = (kind: LedgerKind) => existing.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
    const countOf = (kind: LedgerKind) => existing.filter((e) => e.kind === kind).length;
    const base = { bookingId, seerId: b.seerId, createdAt: now };
    const rows: NewEntry[] = [];

    // A charge is dated when the payment was confirmed (the admins' charts are by month), so one the sweep records
    // late keeps its own month; refunds, fees and shares are dated when recorded, right after they happen.
    const charge = chargeEntry({ ...b, id: bookingId }, b.confirmedAt ?? now);
    if (!have.has(charge.reference)) rows.push(charge);
    let refunded = 0;
    for (const r of refunds) {
      if (r.status !== "succeeded") continue;
      refunded += toCents(r.amount);
      // A refund of a local charge worth under half a cent adds nothing to the book (a ledger row is never zero).
      if (!have.has(`refund:${r.id}`) && toCents(r.amount) > 0)
        rows.push({
          ...base,
          kind: "refund",
          amount: toCents(r.amount),
          ...localColumns(b, r.localAmount),
          reference: `refund:${r.id}`,
        });
    }

    const refundsFinal = refunds.every((r) => FINAL_REFUND_STATUSES.has(r.status)) && toCents(b.refundDue) <= refunded;
    let shareChanged = false;
    if (isSettled(
        { status: b.status, completedAt: b.completedAt, cancelledAt: b.cancelledAt, refundsFinal, disputed: b.disputed },
        now,
      )) {
      const feeDelta = toCents(b.platformFee) - sumOf("platform_fee");
      const shareDelta = toCents(b.seerEarnings) - sumOf("seer_share");
      if (feeDelta !== 0)
        rows.push({
          ...base,
          kind: "platform_fee",
          amount: feeDelta,
          reference: `fee:${bookingId}:${countOf("platform_fee")}`,
        });
      if (shareDelta !== 0) {
        rows.push({
          ...base,
          kind: "seer_share",
          amount: shareDelta,
          reference: `share:${bookingId}:${countOf("seer_share")}`,
        });
        shareChanged = true;
      }
    }
    if (rows.length > 0) await tx.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.reference });
    return { seerId: b.seerId, shareChanged };
  });
}
