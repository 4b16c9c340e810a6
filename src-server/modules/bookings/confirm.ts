import { and, eq, inArray, sql } from "drizzle-orm";
import { statement, valueOf, type Queryable, type Tx } from "../../../db/client";
import { bookings, seerDateOverrides, seers, type BookingStatus } from "../../../db/schema";
import { meetingPath } from "../../../src/domain/consultations";
import { isCurrency } from "../../../src/domain/currencies";
import { refusedByOverrides } from "../../../src/domain/schedule";
import { AppError } from "../../../src/errors";
import { PG, retryingVictims, sqlState, type WarnLog } from "../../platform/database";
import { seerSlotsKey, underLock } from "../../platform/locks";
import { metrics } from "../../platform/metrics";
import type { PaymentIntent, RecordEvent } from "../../platform/payments/provider";
import type { SessionUser } from "../../platform/trpc/context";
import { syncRefunds } from "./cancel";
import { chargeOf, providerCurrency } from "./charge";
import type { BookingDeps } from "./deps";
import { bookingConfirmedClientMail, bookingConfirmedSeerMail } from "./mail";
import { bookingMailFrom, bookingMailQuery, type BookingMailContext } from "./mail-context";
import { BOOKING_NOT_FOUND, SEER_AWAY_REFUNDED, SLOT_TAKEN_REFUNDED } from "./messages";
import { queueBookingPush } from "./push";
import { scheduleReminder } from "./reminder";

export interface ConfirmedBooking {
  bookingId: string;
  status: BookingStatus;
  meetingLink: string | null;
}

const p = sql.placeholder;

const bookingToConfirmStatement = statement((q: Queryable) =>
  q
    .select({
      id: bookings.id,
      seerId: bookings.seerId,
      amount: bookings.amount,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
      paymentIntentId: bookings.paymentIntentId,
      status: bookings.status,
      consultationLink: bookings.consultationLink,
    })
    .from(bookings)
    .where(eq(bookings.id, p("bookingId")))
    .limit(1)
    .prepare("booking_to_confirm"),
);
/**
 * Confirms the booking the payment is for: only when the payment's intent, amount, currency and Seer are the
 * booking's own (so the Seer whose slots were locked is the booking's), and only from a status a payment may still
 * confirm. The amount is the booking's charge: its price in cents when charged in US dollars, else its local charge
 * (minor units of `charge_currency`, issue #41), the currency as the provider names it, lower-case.
 */
const confirmStatement = statement((q: Queryable) =>
  q
    .update(bookings)
    .set({
      status: "confirmed",
      consultationLink: valueOf(bookings.consultationLink, "link"),
      confirmedAt: valueOf(bookings.confirmedAt, "now"),
      holdExpiresAt: null,
    })
    .where(
      and(
        eq(bookings.id, p("bookingId")),
        eq(bookings.seerId, p("seerId")),
        eq(bookings.paymentIntentId, p("paymentIntentId")),
        sql`(case when ${bookings.chargeCurrency} = 'USD' then round(${bookings.amount} * 100) else ${bookings.chargeAmount} end) = ${p("amount")}::bigint`,
        sql`lower(${bookings.chargeCurrency}) = ${p("currency")}::text`,
        // A hold that ran out (or a card that failed before) is still confirmed when the slot is free.
        inArray(bookings.status, ["pending", "expired", "failed"]),
      ),
    )
    .returning({
      id: bookings.id,
      seerId: bookings.seerId,
      amount: bookings.amount,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
      chargeRate: bookings.chargeRate,
      startsAt: bookings.startsAt,
    })
    .prepare("confirm_booking"),
);
/**
 * The Seer's overrides of the booking's date (on the Seer's clock), in the order they were added, with what
 * `refusedByOverrides` needs: read with the confirmation, under the Seer's slot lock, so that a payment for a time the
 * Seer has since marked as time off (or given hours it falls outside) confirms nothing.
 */
const bookingDateOverridesStatement = statement((q: Queryable) => {
  const seerDate = sql`(${bookings.startsAt} at time zone ${seers.timezone})::date`;
  return q
    .select({
      startDate: seerDateOverrides.startDate,
      endDate: seerDateOverrides.endDate,
      kind: seerDateOverrides.kind,
      hours: seerDateOverrides.hours,
      timezone: seers.timezone,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .innerJoin(seers, eq(seers.id, bookings.seerId))
    .innerJoin(seerDateOverrides, eq(seerDateOverrides.seerId, bookings.seerId))
    .where(
      and(
        eq(bookings.id, p("bookingId")),
        sql`${seerDateOverrides.startDate} <= ${seerDate}`,
        sql`${seerDateOverrides.endDate} >= ${seerDate}`,
      ),
    )
    .orderBy(seerDateOverrides.createdAt, seerDateOverrides.id)
    .prepare("booking_date_overrides");
});

/** Thrown inside the confirming transaction to roll it back: the Seer's override of the date refuses the booking. */
class RefusedByOverride extends Error {}

/** Whether the overrides read with a confirmation refuse its booking (none read: the week governs, as when held). */
function refused(rows: Awaited<ReturnType<typeof bookingDateOverridesStatement>>): boolean {
  const [first] = rows;
  if (!first) return false;
  const minutes = (first.endsAt.getTime() - first.startsAt.getTime()) / 60_000;
  return refusedByOverrides(rows, first.timezone, first.startsAt, minutes);
}

const bookingByIntentStatement = statement((q: Queryable) =>
  q
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      status: bookings.status,
      consultationLink: bookings.consultationLink,
    })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, p("paymentIntentId")))
    .limit(1)
    .prepare("booking_by_intent"),
);

/**
 * Whether a payment intent pays exactly for this booking: amount and currency of its charge (the price in cents, or
 * the local charge's minor units), and metadata.
 */
function matches(
  intent: PaymentIntent,
  booking: Parameters<typeof chargeOf>[0] & { id: string; paymentIntentId: string | null },
): boolean {
  const charge = chargeOf(booking);
  return (
    intent.id === booking.paymentIntentId &&
    intent.metadata.kind === "booking" &&
    intent.metadata.bookingId === booking.id &&
    intent.amount === charge.amount &&
    intent.currency.toLowerCase() === providerCurrency(charge.currency)
  );
}

/** A currency a booking may be charged in, as the provider names it ("ghs"). */
const knownCurrency = (currency: string) => isCurrency(currency.toUpperCase());

/** Queues both confirmation mails in the confirming transaction: once per key, sent and retried by the mail job. */
async function queueConfirmationEmails({ clock, outbox }: BookingDeps, mail: BookingMailContext | null, tx: Tx): Promise<void> {
  if (!mail) return;
  const now = clock.now();
  const { bookingId } = mail.data;
  await outbox.sendMany(
    [
      {
        key: `booking-confirmed:${bookingId}:client`,
        message: bookingConfirmedClientMail(mail.clientEmail, mail.data, now, mail.clientLocale),
      },
      {
        key: `booking-confirmed:${bookingId}:seer`,
        message: bookingConfirmedSeerMail(mail.seerEmail, mail.data, now, mail.seerLocale),
      },
    ],
    { tx },
  );
}

/**
 * Confirms under the Seer's slot lock; the booking's reminder, its two confirmation mails and what `onConfirmed`
 * writes commit with it. Retried as a deadlock victim like the hold's update: the conditional update is idempotent.
 */
async function confirmLocked(
  deps: BookingDeps,
  intent: PaymentIntent,
  { bookingId, seerId, now }: { bookingId: string; seerId: string; now: Date },
  requestLog: WarnLog | undefined,
  record?: RecordEvent,
): Promise<{ id: string } | undefined> {
  const link = meetingPath(bookingId);
  return retryingVictims(
    () =>
      deps.db.transaction(async (tx) => {
        // The booking's mail context is read with the update, in the same round trip: the update runs first.
        // So are the Seer's overrides of its date: time off (or a date's own hours) added while the hold waited for
        // its payment, or after it lapsed, refuses it; the transaction is rolled back and the payment refunded.
        const [[row], mailRows, overrides] = await underLock(
          tx,
          seerSlotsKey(seerId),
          confirmStatement(tx, {
            bookingId,
            seerId,
            paymentIntentId: intent.id,
            amount: intent.amount,
            currency: intent.currency.toLowerCase(),
            link,
            now,
          }),
          bookingMailQuery(tx, bookingId),
          bookingDateOverridesStatement(tx, { bookingId }),
        );
        if (row && refused(overrides)) throw new RefusedByOverride();
        if (row) {
          await Promise.all([
            scheduleReminder(deps, { id: row.id, startsAt: row.startsAt, confirmedAt: now }, tx),
            queueConfirmationEmails(deps, bookingMailFrom(mailRows, deps.config.publicUrl), tx),
            queueBookingPush(deps, tx, row.id, "confirmed", row.startsAt),
            deps.onConfirmed?.(
              {
                id: row.id,
                seerId: row.seerId,
                amount: row.amount,
                chargeCurrency: row.chargeCurrency,
                chargeAmount: row.chargeAmount,
                chargeRate: row.chargeRate,
                confirmedAt: now,
              },
              tx,
            ),
            // The provider's event that confirmed it, stored with it (payments/events.ts).
            record?.(tx),
          ]);
        }
        return row;
      }),
    { log: requestLog, what: "booking confirmation" },
  );
}

/**
 * Paid after the hold ran out and someone else took the slot, or for a time the Seer has since taken off: give the
 * money back (the amount paid is the booking's charge: the update that was refused matched it). All of it is due: the
 * booking's whole price in book value, whatever currency it was charged in.
 */
async function refundRefusedSlot(
  deps: BookingDeps,
  intent: PaymentIntent,
  bookingId: string,
  now: Date,
  message: string,
): Promise<never> {
  await deps.payments.refund({
    paymentIntentId: intent.id,
    amount: intent.amount,
    idempotencyKey: `refund:booking:${bookingId}`,
  });
  await deps.db
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: "provider", refundDue: sql`${bookings.amount}` })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ["pending", "expired", "failed"])));
  await syncRefunds(deps, intent.id);
  throw new AppError("CONFLICT", message);
}

/**
 * The one idempotent confirmation, shared by POST /api/confirm-booking-payment and the webhook:
 * the booking is confirmed once, and each confirmation e-mail goes once, whatever the order of arrival.
 */
export async function applySucceededIntent(
  deps: BookingDeps,
  intent: PaymentIntent,
  requestLog: WarnLog | undefined = deps.log,
  record?: RecordEvent,
): Promise<ConfirmedBooking> {
  if (intent.status !== "succeeded") throw new AppError("BAD_REQUEST", "This payment has not been completed.");
  const bookingId = intent.metadata.bookingId;
  if (!bookingId) throw new AppError("BAD_REQUEST", "This payment does not belong to a booking.");
  const mismatch = () => new AppError("BAD_REQUEST", "This payment does not match the booking.");
  const link = meetingPath(bookingId);
  // The Seer whose slots are locked: the one the payment names (this module puts it there when it asks for the
  // payment), so that the booking is not read first; the confirming update checks that it is the booking's, with the
  // intent and the amount. A payment that names none has its booking read for it.
  let seerId = intent.metadata.seerId;
  if (!seerId) {
    const [booking] = await bookingToConfirmStatement(deps.db, { bookingId });
    if (!booking || !matches(intent, booking)) throw mismatch();
    if (booking.status === "confirmed") return { bookingId, status: "confirmed", meetingLink: booking.consultationLink ?? link };
    seerId = booking.seerId;
  } else if (intent.metadata.kind !== "booking" || !knownCurrency(intent.currency)) throw mismatch();

  const now = deps.clock.now();
  let confirmed: { id: string } | undefined;
  try {
    confirmed = await confirmLocked(deps, intent, { bookingId, seerId, now }, requestLog, record);
  } catch (error) {
    if (error instanceof RefusedByOverride) return refundRefusedSlot(deps, intent, bookingId, now, SEER_AWAY_REFUNDED);
    if (sqlState(error) !== PG.EXCLUSION_VIOLATION) throw error;
    return refundRefusedSlot(deps, intent, bookingId, now, SLOT_TAKEN_REFUNDED);
  }
  if (confirmed) {
    metrics.bookingsConfirmed.inc();
    metrics.payments.inc({ kind: "booking" });
    return { bookingId, status: "confirmed", meetingLink: link };
  }
  // Not confirmed here: confirmed already (the webhook and the client's return both confirm; its reminder and mails
  // were queued with that confirmation), moved on since (cancelled, completed), or not this payment's booking.
  const [booking] = await bookingToConfirmStatement(deps.db, { bookingId });
  if (!booking || !matches(intent, booking)) throw mismatch();
  if (booking.status !== "confirmed") throw new AppError("CONFLICT", "This booking can no longer be confirmed.");
  return { bookingId, status: "confirmed", meetingLink: booking.consultationLink ?? link };
}

/** bookings.confirmPayment: the client (or an admin) back from the card form; the provider's word decides. */
export async function confirmPayment(
  deps: BookingDeps,
  user: SessionUser,
  paymentIntentId: string,
  requestLog?: WarnLog,
): Promise<ConfirmedBooking> {
  const [booking] = await bookingByIntentStatement(deps.db, { paymentIntentId });
  if (!booking || (booking.clientId !== user.id && user.role !== "admin")) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
  // Confirmed already, by a payment the provider confirmed (its event, usually, before the client is back): there is
  // nothing to ask the provider.
  if (booking.status === "confirmed")
    return { bookingId: booking.id, status: "confirmed", meetingLink: booking.consultationLink ?? meetingPath(booking.id) };
  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  return applySucceededIntent(deps, intent, requestLog ?? deps.log);
}
