import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { bookingDisputes, bookingRefunds, bookings } from "../../../db/schema";
import type { LedgerKind } from "../../../src/domain/enums";
import { PAYOUT_HOLD_HOURS } from "../../../src/domain/payouts";

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The bookings counted on the admin's figures: paid (confirmed, completed, no-show, and cancelled ones or a Seer's
 * no-shows that kept something), confirmed, completed, cancelled, and all of them. Money is the ledger's (payouts), never summed here.
 */
export async function bookingCounts(db: Queryable) {
  const [row] = await db
    .select({
      paidBookings: countWhere(
        sql`${bookings.status} in ('confirmed', 'completed', 'no_show') or (${bookings.status} in ('cancelled', 'seer_no_show') and ${bookings.platformFee} + ${bookings.seerEarnings} > 0)`,
      ),
      confirmedBookings: countWhere(sql`${bookings.status} = 'confirmed'`),
      completedSessions: countWhere(sql`${bookings.status} = 'completed'`),
      cancelledBookings: countWhere(sql`${bookings.status} = 'cancelled'`),
      totalBookings: sql<number>`count(*)::int`,
    })
    .from(bookings);
  return row ?? { paidBookings: 0, confirmedBookings: 0, completedSessions: 0, cancelledBookings: 0, totalBookings: 0 };
}

/** The newest bookings, at most `limit`, and how many there are in all ('Showing 20 of N bookings'). */
export async function recentBookings(db: Queryable, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        sessionType: bookings.sessionType,
        amount: bookings.amount,
        refundedAmount: bookings.refundedAmount,
        scheduledDate: bookings.scheduledDate,
        scheduledTime: bookings.scheduledTime,
        platformFee: bookings.platformFee,
        seerEarnings: bookings.seerEarnings,
        notes: bookings.notes,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(bookings),
  ]);
  return { bookings: rows, total: total?.count ?? 0 };
}

/** Whether the booking has a reported problem still open (issue #43): its money does not settle meanwhile. */
const openDispute = (bookingId: typeof bookings.id) =>
  sql<boolean>`exists (select 1 from ${bookingDisputes} d where d.booking_id = ${bookingId} and d.status = 'open')`;

/** A booking's money as the ledger records it (payouts), not yet awaited: the ledger sends it with its own reads. */
export const bookingMoneyQuery = (q: Queryable, bookingId: string) =>
  q
    .select({
      seerId: bookings.seerId,
      status: bookings.status,
      amount: bookings.amount,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
      chargeRate: bookings.chargeRate,
      platformFee: bookings.platformFee,
      seerEarnings: bookings.seerEarnings,
      refundDue: bookings.refundDue,
      confirmedAt: bookings.confirmedAt,
      completedAt: bookings.completedAt,
      cancelledAt: bookings.cancelledAt,
      disputed: openDispute(bookings.id),
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));

/** A booking's refunds as the provider reported them (cancel.ts `syncRefunds`), not yet awaited. */
export const bookingRefundsQuery = (q: Queryable, bookingId: string) =>
  q
    .select({
      id: bookingRefunds.id,
      amount: bookingRefunds.amount,
      localAmount: bookingRefunds.localAmount,
      status: bookingRefunds.status,
    })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId));

/** The booking a payment paid for, if it paid for one. */
export async function bookingOfPayment(q: Queryable, paymentIntentId: string): Promise<string | null> {
  const [b] = await q.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId));
  return b?.id ?? null;
}

/**
 * Statuses of a booking whose payment went through (a cancelled one counts when it had been paid; a Seer's no-show was
 * paid, then refunded in full).
 */
export const PAID_BOOKING_STATUSES = ["confirmed", "completed", "no_show", "seer_no_show", "cancelled"] as const;

const holdInterval = sql.raw(`interval '${PAYOUT_HOLD_HOURS} hours'`);

/**
 * The paid bookings (one Seer's when `seerId` is given) whose stored money the ledger has not caught up with, at
 * most 1000: paid with no charge row, refunds not yet recorded, or settled with a fee or share that differs.
 * `recorded` is the ledger's sum of a kind for the booking whose id it is given (payouts owns the ledger).
 */
export async function bookingsBehindLedger(
  q: Queryable,
  now: Date,
  recorded: (bookingId: SQL | typeof bookings.id, kind: LedgerKind) => SQL,
  seerId?: string,
): Promise<string[]> {
  const sumOf = (kind: LedgerKind) => recorded(bookings.id, kind);
  const settledByTime = sql`((${bookings.status} in ('completed', 'no_show', 'seer_no_show') and ${bookings.completedAt} <= ${now.toISOString()}::timestamptz - ${holdInterval})
      or (${bookings.status} = 'cancelled' and ${bookings.cancelledAt} <= ${now.toISOString()}::timestamptz - ${holdInterval}))
      and not ${openDispute(bookings.id)}`;
  const rows = await q
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, [...PAID_BOOKING_STATUSES]),
        seerId ? eq(bookings.seerId, seerId) : undefined,
        sql`(${bookings.status} <> 'cancelled' or ${bookings.confirmedAt} is not null or exists (select 1 from ${bookingRefunds} r where r.booking_id = ${bookings.id}))`,
        sql`(
            ${sumOf("charge")} = 0
            or (select coalesce(sum(round(r.amount * 100)), 0) from ${bookingRefunds} r where r.booking_id = ${bookings.id} and r.status = 'succeeded') <> ${sumOf("refund")}
            or (${settledByTime} and (round(${bookings.platformFee} * 100) <> ${sumOf("platform_fee")} or round(${bookings.seerEarnings} * 100) <> ${sumOf("seer_share")}))
          )`,
      ),
    )
    .limit(1000);
  return rows.map((r) => r.id);
}
