import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { bookings, seers } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { SessionUser } from "../../platform/trpc/context";
import { ALREADY_CANCELLED, BOOKING_NOT_FOUND, CANNOT_CHANGE, CHANGED_MEANWHILE } from "./messages";

/** The booking row every change after payment locks first, with its Seer's user, zone and week. */
export async function lockBooking(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      seerId: bookings.seerId,
      seerUserId: seers.userId,
      seerTimezone: seers.timezone,
      seerAvailability: seers.availability,
      sessionType: bookings.sessionType,
      clientTimezone: bookings.clientTimezone,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      amount: bookings.amount,
      refundedAmount: bookings.refundedAmount,
      refundDue: bookings.refundDue,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
      chargeRate: bookings.chargeRate,
      status: bookings.status,
      paymentIntentId: bookings.paymentIntentId,
      calendarSequence: bookings.calendarSequence,
      proposedStartsAt: bookings.proposedStartsAt,
      confirmedAt: bookings.confirmedAt,
      completedAt: bookings.completedAt,
    })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings })
    .limit(1);
  return row;
}

/** A booking row locked for a change. */
export type Locked = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

/** The caller's relation to a booking; anyone else is told what a missing id is told. */
export function roleIn(
  user: SessionUser,
  booking: Locked | undefined,
  allowed: readonly ("client" | "seer")[],
): { role: "client" | "seer"; booking: Locked } {
  if (booking) {
    if (allowed.includes("client") && booking.clientId === user.id) return { role: "client", booking };
    if (allowed.includes("seer") && booking.seerUserId === user.id) return { role: "seer", booking };
  }
  throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
}

export function refuseUnlessChangeable(booking: Locked, sequence: number | undefined, now: Date): void {
  if (sequence !== undefined && sequence !== booking.calendarSequence) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
  if (booking.status === "cancelled") throw new AppError("CONFLICT", ALREADY_CANCELLED);
  if (booking.status !== "confirmed" || booking.startsAt.getTime() <= now.getTime())
    throw new AppError("CONFLICT", CANNOT_CHANGE);
}
