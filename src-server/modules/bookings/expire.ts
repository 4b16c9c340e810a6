import { and, eq, lt } from "drizzle-orm";
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

export function defineExpireHoldsJob(deps: BookingDeps): void {
  deps.jobs.define({ name: EXPIRE_HOLDS_JOB, every: "* * * * *", run: () => expireHolds(deps).then(() => {}) });
}
