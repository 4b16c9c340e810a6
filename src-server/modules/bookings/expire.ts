import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { bookings } from "../../../db/schema";
import type { PaymentIntent } from "../../platform/payments/provider";
import type { BookingDeps } from "./deps";

const EXPIRE_HOLDS_JOB = "bookings.expire-holds";

/** A failed card frees the hold at once; the same intent may still succeed later with another card. */
export async function applyFailedIntent({ db }: BookingDeps, intent: PaymentIntent): Promise<void> {
  const bookingId = intent.metadata.bookingId;
  if (!bookingId) return;
  await db
    .update(bookings)
    .set({ status: "failed", holdExpiresAt: null })
    .where(and(eq(bookings.id, bookingId), eq(bookings.paymentIntentId, intent.id), eq(bookings.status, "pending")));
}

/** Unpaid holds that ran out are marked expired, so that lists and figures never count them. */
export async function expireHolds({ db, clock }: BookingDeps): Promise<number> {
  const rows = await db
    .update(bookings)
    .set({ status: "expired", holdExpiresAt: null })
    .where(and(eq(bookings.status, "pending"), lt(bookings.holdExpiresAt, clock.now())))
    .returning({ id: bookings.id });
  return rows.length;
}

/**
 * The Seer's unpaid holds that their new time off (or a date's own hours) refuses, chosen by seer-dashboard's
 * addOverride: released at once (`expired`), and their payments cancelled at the provider so that they cannot be paid.
 * A payment already on its way (a cancellation the provider refuses) confirms nothing: the confirmation reads the
 * override and refunds it (confirm.ts). Returns the ids released; a retry releases nothing more.
 */
export async function releaseHolds(
  { db, clock, payments, log }: BookingDeps,
  seerId: string,
  bookingIds: readonly string[],
): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .update(bookings)
    .set({ status: "expired", holdExpiresAt: null })
    .where(
      and(
        eq(bookings.seerId, seerId),
        inArray(bookings.id, [...bookingIds]),
        eq(bookings.status, "pending"),
        gt(bookings.startsAt, clock.now()),
      ),
    )
    .returning({ id: bookings.id, paymentIntentId: bookings.paymentIntentId });
  for (const row of rows) {
    if (!row.paymentIntentId) continue;
    try {
      await payments.cancelPaymentIntent(row.paymentIntentId);
    } catch (error) {
      log?.warn({ err: error, bookingId: row.id }, "a released hold's payment could not be cancelled");
    }
  }
  return rows.map((row) => row.id);
}

export function defineExpireHoldsJob(deps: BookingDeps): void {
  deps.jobs.define({ name: EXPIRE_HOLDS_JOB, every: "* * * * *", run: () => expireHolds(deps).then(() => {}) });
}
