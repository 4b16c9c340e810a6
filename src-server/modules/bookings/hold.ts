import { and, eq, gt, lt, sql } from "drizzle-orm";
import { statement, together, valueOf, type Queryable } from "../../../db/client";
import { bookings, seers } from "../../../db/schema";
import {
  BOOKING_HOLD_MINUTES,
  SESSION_MINUTES,
  sessionEnd,
  sessionPriceField,
  splitCommission,
  zonedDateTimeToInstant,
  type SessionType,
} from "../../../src/domain/consultations";
import { toCents, toDecimal, type Cents } from "../../../src/domain/money";
import { whyNotBookable, type SeerSchedule } from "../../../src/domain/schedule";
import { AppError } from "../../../src/errors";
import type { CreateBookingPayment } from "../../../src/schemas/bookings";
import { isVictim, noteVictimRetry, PG, retryingVictims, sqlState, type WarnLog } from "../../platform/database";
import { idempotent } from "../../platform/idempotency";
import { seerSlotsKey, underLockAndCommit } from "../../platform/locks";
import { retrieveOrForgotten, type PaymentIntent } from "../../platform/payments/provider";
import type { SessionUser } from "../../platform/trpc/context";
import { chargeOf, localCharge, providerCurrency, type CreatedBookingPayment, type LocalCharge } from "./charge";
import type { BookingDeps } from "./deps";
import { SLOT_TAKEN } from "./messages";
import { loadSchedule, refuseUnderLock, scheduleColumns, windowAround } from "./schedule";

const SESSION_LABEL: Record<SessionType, string> = { "15min": "15 minute", "30min": "30 minute", "60min": "60 minute" };
const p = sql.placeholder;

// The statements every paid booking runs, built once (`statement`, docs/decisions.md 96). A Date goes in through
// `valueOf`, which encodes it as its column does; a placeholder alone passes its value to the driver as it is.
const bookableSeerStatement = statement((q: Queryable) =>
  q
    .select({
      id: seers.id,
      userId: seers.userId,
      fullName: seers.fullName,
      ...scheduleColumns,
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
    .select({
      id: bookings.id,
      paymentIntentId: bookings.paymentIntentId,
      amount: bookings.amount,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
    })
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
      chargeCurrency: p("chargeCurrency"),
      chargeAmount: p("chargeAmount"),
      chargeRate: p("chargeRate"),
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

type BookableSeer = Awaited<ReturnType<typeof bookableSeerStatement>>[number];

/** The Seer to book, if approved; `found` is the row a caller read already. */
function bookable(found: BookableSeer | undefined): BookableSeer {
  if (!found) throw new AppError("NOT_FOUND", "The Seer you're looking for doesn't exist or is not available.");
  return found;
}

/** The session's price from the Seer's stored price; a price the client was shown must be that one. */
function priceOf(seer: BookableSeer, client: SessionUser, input: CreateBookingPayment): Cents {
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
  return amount;
}

/**
 * bookings.createPaymentIntent: prices the session from the Seer's stored price, holds the slot for 15 minutes (the
 * database refuses an overlapping live booking), then opens a payment intent for exactly that amount.
 */
export async function createPaymentIntent(
  deps: BookingDeps,
  client: SessionUser,
  input: CreateBookingPayment,
  idempotencyKey?: string,
  requestLog?: WarnLog,
): Promise<CreatedBookingPayment> {
  return idempotent(deps.db, { userId: client.id, scope: "create-payment-intent", key: idempotencyKey, request: input }, () =>
    holdAndOpenIntent(deps, client, input, requestLog ?? deps.log),
  );
}

async function holdAndOpenIntent(
  deps: BookingDeps,
  client: SessionUser,
  input: CreateBookingPayment,
  requestLog: WarnLog | undefined,
): Promise<CreatedBookingPayment> {
  const { db, clock } = deps;
  const startsAt = zonedDateTimeToInstant(input.scheduledDate, input.scheduledTime, input.clientTimezone);
  await deps.refreshBusy?.(input.seerId); // The Seer's own calendars as they are now (issue #42).
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
  const amount = priceOf(seer, client, input);
  const now = clock.now();
  // The Seer's schedule (hours on the Seer's wall clock, the rules); other bookings are checked in insertHold.
  const schedule = await loadSchedule(db, seer, windowAround(startsAt), now, { withBookings: false });
  const refused = whyNotBookable(schedule, startsAt, SESSION_MINUTES[input.sessionType], now);
  if (refused) throw new AppError("BAD_REQUEST", refused);
  const holdExpiresAt = new Date(now.getTime() + BOOKING_HOLD_MINUTES * 60_000);

  // The same client asking again for the same slot (a reload, a second click) gets the hold they already have.
  const reused = own ? await reuseOwnHold(deps, own, input, holdExpiresAt) : null;
  if (reused) return reused;
  const charge = await localCharge(deps.db, input.currency, amount);

  const bookingId = await insertHold(deps, requestLog, {
    client,
    seer,
    input,
    amount,
    charge,
    startsAt,
    endsAt: sessionEnd(startsAt, input.sessionType),
    holdExpiresAt,
    now,
    schedule,
  });
  return openIntent(deps, requestLog, { bookingId, client, seer, input, amount, charge });
}

/** Inserts the hold under the Seer's slot lock, expiring first a hold of the slot that ran out. */
async function insertHold(
  { db, payments }: BookingDeps,
  requestLog: WarnLog | undefined,
  hold: {
    client: SessionUser;
    seer: BookableSeer;
    input: CreateBookingPayment;
    amount: Cents;
    charge: LocalCharge | null;
    startsAt: Date;
    endsAt: Date;
    holdExpiresAt: Date;
    now: Date;
    schedule: SeerSchedule;
  },
): Promise<string> {
  const { client, seer, input, amount, charge, startsAt, endsAt, holdExpiresAt, now, schedule } = hold;
  const { platformFee, seerEarnings } = splitCommission(amount);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await refuseUnderLock(tx, seer.id, schedule, startsAt, SESSION_MINUTES[input.sessionType], now);
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
            chargeCurrency: charge?.currency ?? "USD",
            chargeAmount: charge?.amount ?? null,
            chargeRate: charge?.rate ?? null,
            paymentProvider: payments.name,
            notes: input.notes || null,
          }),
        );
        if (!row) throw new Error("Booking insert returned no row");
        return row.id;
      });
    } catch (error) {
      if (sqlState(error) === PG.EXCLUSION_VIOLATION) throw new AppError("CONFLICT", SLOT_TAKEN, { cause: error });
      if (isVictim(error)) {
        // Retried, the loser of a deadlock finds the winner's booking and is refused as taken. Logged, so that a
        // deadlock the per-Seer lock should have prevented is seen.
        if (attempt < 3) {
          noteVictimRetry(requestLog, error, "booking hold", attempt);
          continue;
        }
        throw new AppError("CONFLICT", SLOT_TAKEN, { cause: error });
      }
      throw error;
    }
  }
}

/** Opens the payment intent of a new hold and stores it on the booking; no way to pay frees the slot. */
async function openIntent(
  { db, payments }: BookingDeps,
  requestLog: WarnLog | undefined,
  {
    bookingId,
    client,
    seer,
    input,
    amount,
    charge,
  }: {
    bookingId: string;
    client: SessionUser;
    seer: BookableSeer;
    input: CreateBookingPayment;
    amount: Cents;
    charge: LocalCharge | null;
  },
): Promise<CreatedBookingPayment> {
  const charged = charge ? { currency: charge.currency, amount: charge.amount } : { currency: "USD" as const, amount };
  let intent: PaymentIntent;
  try {
    intent = await payments.createPaymentIntent({
      amount: charged.amount,
      currency: providerCurrency(charged.currency),
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
            paymentMetadata: {
              provider: payments.name,
              currency: intent.currency,
              amountCents: amount,
              ...(charge ? { localAmount: intent.amount, rate: charge.rate } : {}),
            },
          }),
        );
      }),
    { log: requestLog, what: "booking payment intent" },
  );
  return {
    clientSecret: intent.clientSecret,
    bookingId,
    paymentIntentId: intent.id,
    amount: toDecimal(amount),
    currency: charged.currency,
    chargeAmount: charged.amount,
  };
}

/**
 * The client's own live hold of the slot (read with the Seer): handed back, with the charge it was opened for, while
 * its intent can still be paid. Asked for in another currency, the hold is given up (its intent cancelled) and the
 * client gets a new one in the currency asked for.
 */
async function reuseOwnHold(
  { db, payments }: BookingDeps,
  own: Awaited<ReturnType<typeof ownHoldStatement>>[number],
  { notes, currency }: CreateBookingPayment,
  holdExpiresAt: Date,
): Promise<CreatedBookingPayment | null> {
  if (!own.paymentIntentId) return null;
  const charge = chargeOf(own);
  const intent = await retrieveOrForgotten(payments, own.paymentIntentId);
  if (intent && charge.currency !== currency && intent.status !== "succeeded") await payments.cancelPaymentIntent(intent.id);
  if (!intent || (charge.currency !== currency && intent.status !== "succeeded")) {
    // The provider forgot the intent (test mode after a restart): it can never be paid, so the hold is given up
    // and the client gets a new booking for the slot. So is a hold in another currency than the one asked for now.
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
  return {
    clientSecret: intent.clientSecret,
    bookingId: own.id,
    paymentIntentId: intent.id,
    amount: own.amount,
    currency: charge.currency,
    chargeAmount: charge.amount,
  };
}
