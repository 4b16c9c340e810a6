import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { statement, together, valueOf, type Db, type Queryable, type Tx } from "../../../db/client";
import { bookings, seers, type BookingStatus } from "../../../db/schema";
import {
  BEYOND_HORIZON_MESSAGE,
  BOOKABLE_HORIZON_DAYS,
  BOOKING_HOLD_MINUTES,
  SESSION_MINUTES,
  TIME_SLOTS,
  meetingPath,
  sessionEnd,
  sessionPriceField,
  splitCommission,
  zonedDateTimeToInstant,
  type SessionType,
} from "../../../src/domain/consultations";
import { notOfferedTimes, offersInstant } from "../../../src/domain/availability";
import { cents, toCents, toDecimal } from "../../../src/domain/money";
import { AppError } from "../../../src/errors";
import type { CreateBookingPayment } from "../../../src/schemas/bookings";
import { NOT_AVAILABLE_MESSAGE } from "../../../src/schemas/dashboard";
import type { Clock } from "../../platform/clock";
import { isVictim, noteVictimRetry, PG, retryingVictims, sqlState, type WarnLog } from "../../platform/database";
import { seerSlotsKey, underLock, underLockAndCommit } from "../../platform/locks";
import { metrics } from "../../platform/metrics";
import { idempotent } from "../../platform/idempotency";
import type { Config } from "../../platform/config";
import { bookingConfirmedClientMail, bookingConfirmedSeerMail, bookingIcs } from "./mail";
import { bookingMailFrom, bookingMailQuery, loadBookingMail, type BookingMailContext } from "./mail-context";
import { BOOKING_NOT_FOUND, createBookingLifecycle, type AttendanceReader } from "./lifecycle";
import { createReviewService } from "./reviews";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import {
  retrieveOrForgotten,
  type PaymentIntent,
  type PaymentProvider,
  type RecordEvent,
} from "../../platform/payments/provider";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";

export const BOOKING_CURRENCY = "usd";
export const SLOT_TAKEN_MESSAGE = "This time slot is no longer available. Please choose another.";
export const MEETING_NOT_FOUND_MESSAGE = "This meeting room doesn't exist or you don't have access to it.";

const SESSION_LABEL: Record<SessionType, string> = { "15min": "15 minute", "30min": "30 minute", "60min": "60 minute" };

/** What a booking's client, its Seer and admins may see of it. No e-mail addresses, no payment metadata. */
export interface BookingView {
  id: string;
  seerId: string;
  seerName: string;
  clientId: string;
  sessionType: SessionType;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  seerTimezone: string;
  startsAt: Date;
  endsAt: Date;
  amount: string;
  platformFee: string;
  seerEarnings: string;
  status: BookingStatus;
  consultationLink: string | null;
  notes: string | null;
  createdAt: Date;
}

const bookingViewColumns = {
  id: bookings.id,
  seerId: bookings.seerId,
  seerName: seers.fullName,
  clientId: bookings.clientId,
  sessionType: bookings.sessionType,
  scheduledDate: bookings.scheduledDate,
  scheduledTime: bookings.scheduledTime,
  clientTimezone: bookings.clientTimezone,
  seerTimezone: bookings.seerTimezone,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  amount: bookings.amount,
  platformFee: bookings.platformFee,
  seerEarnings: bookings.seerEarnings,
  status: bookings.status,
  consultationLink: bookings.consultationLink,
  notes: bookings.notes,
  createdAt: bookings.createdAt,
} as const;

export interface CreatedBookingPayment {
  clientSecret: string;
  bookingId: string;
  paymentIntentId: string;
  amount: string;
}

/** A booking as its confirmation wrote it, handed to `onConfirmed` inside the confirming transaction. */
export interface NewlyConfirmedBooking {
  id: string;
  seerId: string;
  amount: string;
  confirmedAt: Date;
}

export interface ConfirmedBooking {
  bookingId: string;
  status: BookingStatus;
  meetingLink: string | null;
}

const overlaps = (startsAt: Date, endsAt: Date) =>
  sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

const p = sql.placeholder;

// The statements every paid booking runs, built once (`statement`, docs/decisions.md 96). A Date goes in through
// `valueOf`, which encodes it as its column does; a placeholder alone passes its value to the driver as it is.
const bookableSeerStatement = statement((q: Queryable) =>
  q
    .select({
      id: seers.id,
      userId: seers.userId,
      fullName: seers.fullName,
      timezone: seers.timezone,
      availability: seers.availability,
      price15Min: seers.price15Min,
      price30Min: seers.price30Min,
      price60Min: seers.price60Min,
    })
    .from(seers)
    .where(and(eq(seers.id, p("seerId")), eq(seers.verificationStatus, "approved")))
    .limit(1)
    .prepare("bookable_seer"),
);
const ownHoldStatement = statement((q: Queryable) =>
  q
    .select({ id: bookings.id, paymentIntentId: bookings.paymentIntentId, amount: bookings.amount })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, p("clientId")),
        eq(bookings.seerId, p("seerId")),
        eq(bookings.sessionType, p("sessionType")),
        eq(bookings.startsAt, valueOf(bookings.startsAt, "startsAt")),
        eq(bookings.status, "pending"),
        gt(bookings.holdExpiresAt, valueOf(bookings.holdExpiresAt, "now")),
      ),
    )
    .limit(1)
    .prepare("own_hold"),
);
/** Holds that ran out on the slot wanted (the times as ISO strings: they meet no column's encoder). */
const expireOverlappingStatement = statement((q: Queryable) =>
  q
    .update(bookings)
    .set({ status: "expired", holdExpiresAt: null })
    .where(
      and(
        eq(bookings.seerId, p("seerId")),
        eq(bookings.status, "pending"),
        lt(bookings.holdExpiresAt, valueOf(bookings.holdExpiresAt, "now")),
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${p("startsAt")}::timestamptz, ${p("endsAt")}::timestamptz, '[)')`,
      ),
    )
    .prepare("expire_overlapping_holds"),
);
const insertHoldStatement = statement((q: Queryable) =>
  q
    .insert(bookings)
    .values({
      clientId: p("clientId"),
      seerId: p("seerId"),
      sessionType: p("sessionType"),
      scheduledDate: p("scheduledDate"),
      scheduledTime: p("scheduledTime"),
      clientTimezone: p("clientTimezone"),
      seerTimezone: p("seerTimezone"),
      startsAt: p("startsAt"),
      endsAt: p("endsAt"),
      holdExpiresAt: p("holdExpiresAt"),
      amount: p("amount"),
      platformFee: p("platformFee"),
      seerEarnings: p("seerEarnings"),
      status: "pending",
      paymentProvider: p("paymentProvider"),
      notes: p("notes"),
    })
    .returning({ id: bookings.id })
    .prepare("insert_hold"),
);
const setIntentStatement = statement((q: Queryable) =>
  q
    .update(bookings)
    .set({
      paymentIntentId: valueOf(bookings.paymentIntentId, "paymentIntentId"),
      stripePaymentIntentId: valueOf(bookings.stripePaymentIntentId, "stripePaymentIntentId"),
      paymentMetadata: valueOf(bookings.paymentMetadata, "paymentMetadata"),
    })
    .where(eq(bookings.id, p("bookingId")))
    .prepare("set_booking_intent"),
);
const bookingToConfirmStatement = statement((q: Queryable) =>
  q
    .select({
      id: bookings.id,
      seerId: bookings.seerId,
      amount: bookings.amount,
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
 * Confirms the booking the payment is for: only when the payment's intent, amount and Seer are the booking's own (so
 * the Seer whose slots were locked is the booking's), and only from a status a payment may still confirm.
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
        sql`round(${bookings.amount} * 100) = ${p("cents")}::int`,
        // A hold that ran out (or a card that failed before) is still confirmed when the slot is free.
        inArray(bookings.status, ["pending", "expired", "failed"]),
      ),
    )
    .returning({ id: bookings.id, seerId: bookings.seerId, amount: bookings.amount, startsAt: bookings.startsAt })
    .prepare("confirm_booking"),
);
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

export function createBookingService({
  db,
  clock,
  outbox,
  jobs,
  payments,
  config,
  attendance,
  onConfirmed,
  log,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  payments: PaymentProvider;
  config: Pick<Config, "publicUrl">;
  attendance?: AttendanceReader;
  /**
   * Runs in the transaction that confirms a booking (the ledger records its charge there), so that what it writes
   * exists exactly when the confirmation does, and goes out with the confirmation's other writes.
   */
  onConfirmed?: (booking: NewlyConfirmedBooking, tx: Tx) => Promise<unknown>;
  /** The app's logger; a call made for a request passes that request's logger instead. */
  log?: WarnLog;
}) {
  const lifecycle = createBookingLifecycle({ db, clock, outbox, jobs, payments, config, attendance, log });
  const reviewService = createReviewService({ db, clock });

  /** A booking is live while confirmed, or pending with its hold not yet run out. */
  const isLive = (now: Date) =>
    or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now)));

  /** The Seer to book, if approved; `found` is the row a caller read already. */
  function bookable(found: Awaited<ReturnType<typeof bookableSeerStatement>>[number] | undefined) {
    if (!found) throw new AppError("NOT_FOUND", "The Seer you're looking for doesn't exist or is not available.");
    return found;
  }

  /**
   * Prices the session from the Seer's stored price, holds the slot for 15 minutes (the database refuses
   * an overlapping live booking), then opens a payment intent for exactly that amount.
   */
  async function createPaymentIntent(
    client: CurrentUser,
    input: CreateBookingPayment,
    idempotencyKey?: string,
    requestLog?: WarnLog,
  ): Promise<CreatedBookingPayment> {
    return idempotent(db, { userId: client.id, scope: "create-payment-intent", key: idempotencyKey, request: input }, () =>
      holdAndOpenIntent(client, input, requestLog ?? log),
    );
  }

  async function holdAndOpenIntent(
    client: CurrentUser,
    input: CreateBookingPayment,
    requestLog: WarnLog | undefined,
  ): Promise<CreatedBookingPayment> {
    const startsAt = zonedDateTimeToInstant(input.scheduledDate, input.scheduledTime, input.clientTimezone);
    // The Seer and the client's own hold of this slot, if any, read together (one round trip).
    const [[found], [own]] = await together(db, (tx) => [
      bookableSeerStatement(tx, { seerId: input.seerId }),
      ownHoldStatement(tx, {
        clientId: client.id,
        seerId: input.seerId,
        sessionType: input.sessionType,
        startsAt,
        now: clock.now(),
      }),
    ]);
    const seer = bookable(found);
    if (seer.userId === client.id) throw new AppError("BAD_REQUEST", "You cannot book a consultation with yourself.");
    const price = seer[sessionPriceField(input.sessionType)];
    if (!price) throw new AppError("BAD_REQUEST", `This Seer does not offer ${SESSION_LABEL[input.sessionType]} sessions.`);
    const amount = toCents(price);
    if (input.amount !== undefined) {
      let claimed: number | null;
      try {
        claimed = toCents(input.amount);
      } catch {
        claimed = null;
      }
      if (claimed !== amount) {
        throw new AppError(
          "BAD_REQUEST",
          `The price of this session is ${toDecimal(amount)}. Please review your booking and try again.`,
        );
      }
    }
    const { platformFee, seerEarnings } = splitCommission(amount);
    const endsAt = sessionEnd(startsAt, input.sessionType);
    const now = clock.now();
    if (startsAt.getTime() <= now.getTime())
      throw new AppError("BAD_REQUEST", "This time slot has already passed. Please choose another.");
    if (startsAt.getTime() > now.getTime() + BOOKABLE_HORIZON_DAYS * 86_400_000)
      throw new AppError("BAD_REQUEST", BEYOND_HORIZON_MESSAGE);
    // The weekly availability is on the Seer's wall clock: the instant is read there, through the named zone.
    if (!offersInstant(seer.availability, seer.timezone, startsAt)) throw new AppError("BAD_REQUEST", NOT_AVAILABLE_MESSAGE);
    const holdExpiresAt = new Date(now.getTime() + BOOKING_HOLD_MINUTES * 60_000);

    // The same client asking again for the same slot (a reload, a second click) gets the hold they already have.
    const reused = own ? await reuseOwnHold(own, input.notes, holdExpiresAt) : null;
    if (reused) return reused;

    let bookingId: string | undefined;
    for (let attempt = 1; bookingId === undefined; attempt++) {
      try {
        bookingId = await db.transaction(async (tx) => {
          // Concurrent attempts on this Seer's slots queue at the lock (on every instance) instead of deadlocking;
          // a hold of the slot that ran out is expired before the insert meets it.
          const [, [row]] = await underLockAndCommit(
            tx,
            seerSlotsKey(seer.id),
            expireOverlappingStatement(tx, {
              seerId: seer.id,
              now,
              startsAt: startsAt.toISOString(),
              endsAt: endsAt.toISOString(),
            }),
            insertHoldStatement(tx, {
              clientId: client.id,
              seerId: seer.id,
              sessionType: input.sessionType,
              scheduledDate: input.scheduledDate,
              scheduledTime: input.scheduledTime,
              clientTimezone: input.clientTimezone,
              seerTimezone: seer.timezone,
              startsAt,
              endsAt,
              holdExpiresAt,
              amount: toDecimal(amount),
              platformFee: toDecimal(platformFee),
              seerEarnings: toDecimal(seerEarnings),
              paymentProvider: payments.name,
              notes: input.notes || null,
            }),
          );
          if (!row) throw new Error("Booking insert returned no row");
          return row.id;
        });
      } catch (error) {
        if (sqlState(error) === PG.EXCLUSION_VIOLATION) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE, { cause: error });
        if (isVictim(error)) {
          // Retried, the loser of a deadlock finds the winner's booking and is refused as taken. Logged, so that a
          // deadlock the per-Seer lock should have prevented is seen.
          if (attempt < 3) {
            noteVictimRetry(requestLog, error, "booking hold", attempt);
            continue;
          }
          throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE, { cause: error });
        }
        throw error;
      }
    }

    let intent: PaymentIntent;
    try {
      intent = await payments.createPaymentIntent({
        amount,
        currency: BOOKING_CURRENCY,
        metadata: { kind: "booking", bookingId, seerId: seer.id, clientId: client.id, sessionType: input.sessionType },
        idempotencyKey: `booking:${bookingId}`,
        description: `${SESSION_MINUTES[input.sessionType]} minute consultation with ${seer.fullName}`,
      });
    } catch (error) {
      // No way to pay means no reason to hold the slot.
      await db.update(bookings).set({ status: "failed", holdExpiresAt: null }).where(eq(bookings.id, bookingId));
      throw error;
    }
    // A new row version is checked against the exclusion constraint again, and so can meet competing inserts of
    // the same slot still in flight: PostgreSQL then aborts one side as a deadlock. This side simply goes again.
    await retryingVictims(
      () =>
        db.transaction(async (tx) => {
          await underLockAndCommit(
            tx,
            seerSlotsKey(seer.id),
            setIntentStatement(tx, {
              bookingId,
              paymentIntentId: intent.id,
              stripePaymentIntentId: payments.name === "stripe" ? intent.id : null,
              paymentMetadata: { provider: payments.name, currency: intent.currency, amountCents: intent.amount },
            }),
          );
        }),
      { log: requestLog, what: "booking payment intent" },
    );
    return { clientSecret: intent.clientSecret, bookingId, paymentIntentId: intent.id, amount: toDecimal(amount) };
  }

  /** The client's own live hold of the slot (read with the Seer): handed back while its intent can still be paid. */
  async function reuseOwnHold(
    own: Awaited<ReturnType<typeof ownHoldStatement>>[number],
    notes: string,
    holdExpiresAt: Date,
  ): Promise<CreatedBookingPayment | null> {
    if (!own.paymentIntentId) return null;
    const intent = await retrieveOrForgotten(payments, own.paymentIntentId);
    if (!intent) {
      // The provider forgot the intent (test mode after a restart): it can never be paid, so the hold is given up
      // and the client gets a new booking for the slot.
      await db
        .update(bookings)
        .set({ status: "failed", holdExpiresAt: null })
        .where(and(eq(bookings.id, own.id), eq(bookings.status, "pending")));
      return null;
    }
    if (intent.status === "canceled" || intent.status === "succeeded") return null;
    await db
      .update(bookings)
      .set({ notes: notes || null, holdExpiresAt })
      .where(eq(bookings.id, own.id));
    return { clientSecret: intent.clientSecret, bookingId: own.id, paymentIntentId: intent.id, amount: own.amount };
  }

  /** Whether a payment intent pays exactly for this booking: amount, currency and metadata. */
  function matches(intent: PaymentIntent, booking: { id: string; amount: string; paymentIntentId: string | null }): boolean {
    return (
      intent.id === booking.paymentIntentId &&
      intent.metadata.kind === "booking" &&
      intent.metadata.bookingId === booking.id &&
      intent.amount === toCents(booking.amount) &&
      intent.currency.toLowerCase() === BOOKING_CURRENCY
    );
  }

  /**
   * The one idempotent confirmation, shared by POST /api/confirm-booking-payment and the webhook:
   * the booking is confirmed once, and each confirmation e-mail goes once, whatever the order of arrival.
   */
  async function applySucceededIntent(
    intent: PaymentIntent,
    requestLog: WarnLog | undefined = log,
    record?: RecordEvent,
  ): Promise<ConfirmedBooking> {
    if (intent.status !== "succeeded") throw new AppError("BAD_REQUEST", "This payment has not been completed.");
    const bookingId = intent.metadata.bookingId;
    if (!bookingId) throw new AppError("BAD_REQUEST", "This payment does not belong to a booking.");
    const mismatch = () => new AppError("BAD_REQUEST", "This payment does not match the booking.");
    const link = meetingPath(bookingId);
    // The Seer whose slots are locked: the one the payment names (this service puts it there when it asks for the
    // payment), so that the booking is not read first; the confirming update checks that it is the booking's, with the
    // intent and the amount. A payment that names none has its booking read for it.
    let seerId = intent.metadata.seerId;
    if (!seerId) {
      const [booking] = await bookingToConfirmStatement(db, { bookingId });
      if (!booking || !matches(intent, booking)) throw mismatch();
      if (booking.status === "confirmed")
        return { bookingId, status: "confirmed", meetingLink: booking.consultationLink ?? link };
      seerId = booking.seerId;
    } else if (intent.metadata.kind !== "booking" || intent.currency.toLowerCase() !== BOOKING_CURRENCY) throw mismatch();
    const slotsOf = seerId;

    const now = clock.now();
    let confirmed: { id: string } | undefined;
    try {
      // Retried as a deadlock victim like the hold's update: the conditional update is idempotent.
      confirmed = await retryingVictims(
        () =>
          db.transaction(async (tx) => {
            // The booking's mail context is read with the update, in the same round trip: the update runs first.
            const [[row], mailRows] = await underLock(
              tx,
              seerSlotsKey(slotsOf),
              confirmStatement(tx, { bookingId, seerId: slotsOf, paymentIntentId: intent.id, cents: intent.amount, link, now }),
              bookingMailQuery(tx, bookingId),
            );
            // The 24-hour reminder, the two confirmation mails and what `onConfirmed` writes exist exactly when the
            // confirmation does.
            if (row) {
              await Promise.all([
                lifecycle.scheduleReminder({ id: row.id, startsAt: row.startsAt, confirmedAt: now }, tx),
                queueConfirmationEmails(bookingMailFrom(mailRows, config.publicUrl), tx),
                onConfirmed?.({ id: row.id, seerId: row.seerId, amount: row.amount, confirmedAt: now }, tx),
                // The provider's event that confirmed it, stored with it (payments/events.ts).
                record?.(tx),
              ]);
            }
            return row;
          }),
        { log: requestLog, what: "booking confirmation" },
      );
    } catch (error) {
      if (sqlState(error) !== PG.EXCLUSION_VIOLATION) throw error;
      // Paid after the hold ran out and someone else took the slot: give the money back (the amount paid is the
      // booking's: the update that met the clash matched it).
      await payments.refund({
        paymentIntentId: intent.id,
        amount: intent.amount,
        idempotencyKey: `refund:booking:${bookingId}`,
      });
      await db
        .update(bookings)
        .set({ status: "cancelled", cancelledAt: now, cancelledBy: "provider", refundDue: toDecimal(cents(intent.amount)) })
        .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ["expired", "failed"])));
      await lifecycle.syncRefunds(intent.id);
      throw new AppError("CONFLICT", "This time slot was taken before your payment completed. Your payment has been refunded.");
    }
    if (confirmed) {
      metrics.bookingsConfirmed.inc();
      metrics.payments.inc({ kind: "booking" });
      return { bookingId, status: "confirmed", meetingLink: link };
    }
    // Not confirmed here: confirmed already (the webhook and the client's return both confirm; its reminder and mails
    // were queued with that confirmation), moved on since (cancelled, completed), or not this payment's booking.
    const [booking] = await bookingToConfirmStatement(db, { bookingId });
    if (!booking || !matches(intent, booking)) throw mismatch();
    if (booking.status !== "confirmed") throw new AppError("CONFLICT", "This booking can no longer be confirmed.");
    return { bookingId, status: "confirmed", meetingLink: booking.consultationLink ?? link };
  }

  /** The client (or an admin) returning from the card form: the provider's word decides, never the client's. */
  async function confirmPayment(user: CurrentUser, paymentIntentId: string, requestLog?: WarnLog): Promise<ConfirmedBooking> {
    const [booking] = await bookingByIntentStatement(db, { paymentIntentId });
    if (!booking || (booking.clientId !== user.id && user.role !== "admin"))
      throw new AppError("NOT_FOUND", "Booking not found.");
    // Confirmed already, by a payment the provider confirmed (its event, usually, before the client is back): there is
    // nothing to ask the provider.
    if (booking.status === "confirmed")
      return { bookingId: booking.id, status: "confirmed", meetingLink: booking.consultationLink ?? meetingPath(booking.id) };
    const intent = await payments.retrievePaymentIntent(paymentIntentId);
    return applySucceededIntent(intent, requestLog ?? log);
  }

  /** A failed card frees the hold at once; the same intent may still succeed later with another card. */
  async function applyFailedIntent(intent: PaymentIntent): Promise<void> {
    const bookingId = intent.metadata.bookingId;
    if (!bookingId) return;
    await db
      .update(bookings)
      .set({ status: "failed", holdExpiresAt: null })
      .where(and(eq(bookings.id, bookingId), eq(bookings.paymentIntentId, intent.id), eq(bookings.status, "pending")));
  }

  /** Queues both confirmation mails in the confirming transaction: once per key, sent and retried by the mail job. */
  async function queueConfirmationEmails(mail: BookingMailContext | null, tx: Tx): Promise<void> {
    if (!mail) return;
    const now = clock.now();
    const { bookingId } = mail.data;
    await outbox.sendMany(
      [
        { key: `booking-confirmed:${bookingId}:client`, message: bookingConfirmedClientMail(mail.clientEmail, mail.data, now) },
        { key: `booking-confirmed:${bookingId}:seer`, message: bookingConfirmedSeerMail(mail.seerEmail, mail.data, now) },
      ],
      { tx },
    );
  }

  /** Only the booking's client, its Seer and admins; anyone else is told what a missing id is told. */
  async function byId(user: CurrentUser, bookingId: string): Promise<BookingView> {
    const [row] = await db
      .select({ ...bookingViewColumns, seerUserId: seers.userId })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(eq(bookings.id, bookingId))
      .limit(1);
    if (!row || (row.clientId !== user.id && row.seerUserId !== user.id && user.role !== "admin")) {
      throw new AppError("NOT_FOUND", MEETING_NOT_FOUND_MESSAGE);
    }
    const { seerUserId: _seerUserId, ...view } = row;
    return view;
  }

  /**
   * GET /api/bookings: a Seer's bookings (docs/product.md#api "the Seer's bookings"); for anyone else, their own
   * bookings as a client, so the same call serves a client's history.
   */
  async function mine(user: CurrentUser): Promise<BookingView[]> {
    const [ownSeer] = await db.select({ id: seers.id }).from(seers).where(eq(seers.userId, user.id)).limit(1);
    const where = ownSeer ? eq(bookings.seerId, ownSeer.id) : eq(bookings.clientId, user.id);
    return db
      .select(bookingViewColumns)
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(and(where, inArray(bookings.status, ["pending", "confirmed"])))
      .orderBy(desc(bookings.startsAt), asc(bookings.id));
  }

  /**
   * GET /api/bookings/{id}/calendar.ics: the booking's calendar entry, to its client and its Seer only (anyone else,
   * and a booking that was never paid, is told what a missing id is told). A cancelled booking gives the
   * METHOD:CANCEL version, with the same UID and its raised SEQUENCE, so a calendar removes the entry it has.
   */
  async function calendarFile(user: CurrentUser, bookingId: string): Promise<{ filename: string; content: string }> {
    const [row] = await db
      .select({ clientId: bookings.clientId, seerUserId: seers.userId, status: bookings.status })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(eq(bookings.id, bookingId))
      .limit(1);
    const paid = row && !["pending", "expired", "failed"].includes(row.status);
    const mail =
      paid && (row.clientId === user.id || row.seerUserId === user.id)
        ? await loadBookingMail(db, config.publicUrl, bookingId)
        : null;
    if (!row || !mail) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
    return {
      filename: `consultation-${mail.data.scheduledDate}.ics`,
      content: bookingIcs(mail.data, clock.now(), { cancelled: row.status === "cancelled" }),
    };
  }

  /**
   * The wizard's disabled slots for one date in the client's timezone: booked or held for this Seer,
   * or already past. Times only: nothing about who booked them.
   */
  async function takenSlots(input: {
    seerId: string;
    scheduledDate: string;
    clientTimezone: string;
    sessionType?: SessionType;
  }): Promise<string[]> {
    const now = clock.now();
    const minutes = SESSION_MINUTES[input.sessionType ?? "15min"];
    const slots = TIME_SLOTS.map((time) => {
      const start = zonedDateTimeToInstant(input.scheduledDate, time, input.clientTimezone);
      return { time, start, end: new Date(start.getTime() + minutes * 60_000) };
    });
    const first = slots[0];
    const last = slots[slots.length - 1];
    if (!first || !last) return [];
    const live = await db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(eq(bookings.seerId, input.seerId), isLive(now), overlaps(first.start, new Date(last.start.getTime() + 60 * 60_000))),
      );
    return slots
      .filter((slot) => slot.start.getTime() <= now.getTime() || live.some((b) => b.startsAt < slot.end && b.endsAt > slot.start))
      .map((slot) => slot.time);
  }

  /** Of the client-visible times of a date (client's timezone), those the Seer's weekly availability does not offer. */
  async function notOfferedSlots(input: { seerId: string; scheduledDate: string; clientTimezone: string }): Promise<string[]> {
    const [seer] = await db
      .select({ timezone: seers.timezone, availability: seers.availability })
      .from(seers)
      .where(and(eq(seers.id, input.seerId), eq(seers.verificationStatus, "approved")))
      .limit(1);
    if (!seer) return [...TIME_SLOTS];
    return notOfferedTimes(seer.availability, seer.timezone, input.scheduledDate, input.clientTimezone);
  }

  return {
    ...lifecycle,
    reviews: reviewService,
    createPaymentIntent,
    confirmPayment,
    applySucceededIntent,
    applyFailedIntent,
    byId,
    mine,
    calendarFile,
    takenSlots,
    notOfferedSlots,
  };
}
