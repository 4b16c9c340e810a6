/**
 * Seer payouts and the ledger (docs/product.md#money-and-the-ledger): when a booking's money is settled, and how a
 * Seer's balances and payout history read from ledger rows. Pure rules on instants and integer cents.
 */
import type { LedgerKind } from "./enums";

const HOUR_MS = 60 * 60 * 1000;

/**
 * A session's money is held this long after it was settled (completed or a no-show; a cancelled booking's after it was cancelled),
 * time for a problem to be raised; then it is settled: the platform's fee and the Seer's share are booked and the
 * share can be paid out.
 */
export const PAYOUT_HOLD_HOURS = 24;

export interface SettlementState {
  status: string;
  completedAt: Date | null;
  cancelledAt: Date | null;
  /** No refund of the booking is still on its way. */
  refundsFinal: boolean;
  /** A problem reported with the session is still open (issue #43): the money is held until an admin decides. */
  disputed?: boolean;
}

/** When a booking's money settles, or null while it cannot (upcoming, unpaid, a refund still on its way). */
export function settlesAt(b: SettlementState): Date | null {
  if (!b.refundsFinal || b.disputed) return null;
  const ended = b.status === "completed" || b.status === "no_show" || b.status === "seer_no_show";
  const from = ended ? b.completedAt : b.status === "cancelled" ? b.cancelledAt : null;
  return from ? new Date(from.getTime() + PAYOUT_HOLD_HOURS * HOUR_MS) : null;
}

export function isSettled(b: SettlementState, at: Date): boolean {
  const when = settlesAt(b);
  return when !== null && when.getTime() <= at.getTime();
}

export interface SeerLedgerRow {
  kind: LedgerKind;
  amount: number;
}

/** What a Seer has earned and been paid, summed from their ledger rows: shares booked, transfers, reversals. */
export function seerBalances(rows: readonly SeerLedgerRow[]): { available: number; paidOut: number; earned: number } {
  let earned = 0;
  let transferred = 0;
  let reversed = 0;
  for (const row of rows) {
    if (row.kind === "seer_share") earned += row.amount;
    else if (row.kind === "transfer") transferred += row.amount;
    else if (row.kind === "reversal") reversed += row.amount;
  }
  const paidOut = transferred - reversed;
  return { earned, paidOut, available: earned - paidOut };
}

export type PayoutState = "paid" | "partly_reversed" | "reversed";

export interface PayoutRow {
  payoutId: string;
  kind: "transfer" | "reversal";
  amount: number;
  bookingId: string;
  createdAt: Date;
}

export interface Payout {
  id: string;
  date: Date;
  sessions: number;
  /** Integer cents: what the payout transferred, less what was reversed since. */
  amount: number;
  status: PayoutState;
}

/** One entry per payout (a run of the payout job for one Seer), newest first. */
export function payoutHistory(rows: readonly PayoutRow[]): Payout[] {
  const byId = new Map<string, { date: Date; bookings: Set<string>; transferred: number; reversed: number }>();
  for (const row of rows) {
    const entry = byId.get(row.payoutId) ?? { date: row.createdAt, bookings: new Set<string>(), transferred: 0, reversed: 0 };
    if (row.kind === "transfer") {
      entry.transferred += row.amount;
      entry.bookings.add(row.bookingId);
      if (row.createdAt < entry.date) entry.date = row.createdAt;
    } else entry.reversed += row.amount;
    byId.set(row.payoutId, entry);
  }
  return [...byId.entries()]
    .filter(([, e]) => e.transferred > 0)
    .map(([id, e]) => ({
      id,
      date: e.date,
      sessions: e.bookings.size,
      amount: e.transferred - e.reversed,
      status: (e.reversed === 0 ? "paid" : e.reversed >= e.transferred ? "reversed" : "partly_reversed") as PayoutState,
    }))
    .sort((a, b) => b.date.getTime() - a.date.getTime() || b.id.localeCompare(a.id));
}
