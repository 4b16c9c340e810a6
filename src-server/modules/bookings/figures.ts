import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { bookingRefunds, bookings } from "../../../db/schema";

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The bookings counted on the admin's figures: paid (confirmed, completed, no-show, and cancelled ones that kept
 * something), confirmed, completed, cancelled, and all of them. Money is the ledger's (payouts), never summed here.
 */
export async function bookingCounts(db: Queryable) {
  const [row] = await db
    .select({
      paidBookings: countWhere(
        sql`${bookings.status} in ('confirmed', 'completed', 'no_show') or (${bookings.status} = 'cancelled' and ${bookings.platformFee} + ${bookings.seerEarnings} > 0)`,
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

/** A booking's money as the ledger records it (payouts), not yet awaited: the ledger sends it with its own reads. */
export const bookingMoneyQuery = (q: Queryable, bookingId: string) =>
  q
    .select({
      seerId: bookings.seerId,
      status: bookings.status,
      amount: bookings.amount,
      platformFee: bookings.platformFee,
      seerEarnings: bookings.seerEarnings,
      refundDue: bookings.refundDue,
      confirmedAt: bookings.confirmedAt,
      completedAt: bookings.completedAt,
      cancelledAt: bookings.cancelledAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));

/** A booking's refunds as the provider reported them (cancel.ts `syncRefunds`), not yet awaited. */
export const bookingRefundsQuery = (q: Queryable, bookingId: string) =>
  q
    .select({ id: bookingRefunds.id, amount: bookingRefunds.amount, status: bookingRefunds.status })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId));
