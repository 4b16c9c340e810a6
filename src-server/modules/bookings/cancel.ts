import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../../db/client";
import { bookingRefunds, bookings, type CancelledBy } from "../../../db/schema";
import { clientRefundPercent, refundFor, splitAfterRefunds } from "../../../src/domain/after-payment";
import { cents, toCents, toDecimal, type Cents } from "../../../src/domain/money";
import type { Currency } from "../../../src/domain/currencies";
import { AppError } from "../../../src/errors";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import { metrics } from "../../platform/metrics";
import type { WarnLog } from "../../platform/database";
import type { Refund } from "../../platform/payments/provider";
import type { SessionUser } from "../../platform/trpc/context";
import { localChargeOf, localRefundAsk, refundBookCents, type LocalChargeOf } from "./charge";
import type { BookingDeps } from "./deps";
import { lockBooking, refuseUnlessChangeable, roleIn, type Locked } from "./locked";
import { cancelledMail } from "./mail";
import { loadBookingMail } from "./mail-context";
import { ALREADY_CANCELLED, BOOKING_NOT_FOUND, CANNOT_CHANGE, REFUND_TOO_LARGE } from "./messages";
import { queueBookingPush } from "./push";
import { cancelReminder } from "./reminder";

export const REFUND_JOB = "bookings.refund";

/** What the cancel dialog shows, computed by the same rule the cancellation applies. */
export interface CancellationQuote {
  bookingId: string;
  amount: string;
  refundAmount: string;
  refundPercent: number;
  canceller: "client" | "seer";
  sequence: number;
  /**
   * For a booking charged in another currency than US dollars (issue #41): what was charged and what the refund gives
   * back, in that currency's minor units, as the refund asks the provider for it.
   */
  charge: { currency: Currency; amount: number; refund: number } | null;
}

export interface CancellationResult {
  bookingId: string;
  status: "cancelled";
  refundAmount: string;
}

/** bookings.cancellationQuote: what cancelling now would refund the caller's booking. */
export async function cancellationQuote(
  { db, clock }: BookingDeps,
  user: SessionUser,
  bookingId: string,
): Promise<CancellationQuote> {
  return db.transaction(async (tx) => {
    const { role: canceller, booking: b } = roleIn(user, await lockBooking(tx, bookingId), ["client", "seer"]);
    const now = clock.now();
    refuseUnlessChangeable(b, undefined, now);
    const refund = refundFor(canceller, toCents(b.amount), toCents(b.refundedAmount), b.startsAt, now);
    const local = localChargeOf(b);
    const price = toCents(b.amount);
    const charge = local && {
      currency: b.chargeCurrency,
      amount: local.amount,
      refund: localRefundAsk(local, {
        outstanding: refund,
        due: toCents(b.refundedAmount) + refund,
        price,
        refundedLocal: await refundedLocal(tx, bookingId),
      }),
    };
    return {
      bookingId: b.id,
      amount: b.amount,
      refundAmount: toDecimal(refund),
      refundPercent: canceller === "seer" ? 100 : clientRefundPercent(b.startsAt, now),
      canceller,
      charge,
      sequence: b.calendarSequence,
    };
  });
}

/** Both cancellation mails, queued in the transaction that cancels. */
async function queueCancelledMails(deps: BookingDeps, tx: Tx, bookingId: string, refund: string) {
  const { outbox, config, clock } = deps;
  const mail = await loadBookingMail(tx, config.publicUrl, bookingId);
  if (!mail) return;
  const now = clock.now();
  await outbox.send(
    `booking-cancelled:${bookingId}:client`,
    cancelledMail(mail.clientEmail, mail.data, now, "client", refund, mail.clientLocale),
    {
      tx,
    },
  );
  await outbox.send(
    `booking-cancelled:${bookingId}:seer`,
    cancelledMail(mail.seerEmail, mail.data, now, "seer", refund, mail.seerLocale),
    {
      tx,
    },
  );
  // And to both people's devices (issue #44).
  await queueBookingPush(deps, tx, bookingId, "cancelled", mail.data.startsAt);
}

/**
 * Cancels in one transaction: the status, the refund promised, the refund job and both e-mails commit together,
 * so a crash leaves either nothing done or everything queued. The refund then runs at once, and again from its
 * job if the provider could not be reached; one idempotency key makes both the same refund.
 */
async function cancelLocked(
  deps: BookingDeps,
  tx: Tx,
  booking: Locked,
  by: CancelledBy,
  refund: Cents,
  reason: string | null,
): Promise<CancellationResult> {
  const due = cents(toCents(booking.refundedAmount) + refund);
  await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: deps.clock.now(),
      cancelledBy: by,
      cancellationReason: reason,
      refundDue: toDecimal(due),
      calendarSequence: booking.calendarSequence + 1,
      proposedStartsAt: null,
      holdExpiresAt: null,
    })
    .where(eq(bookings.id, booking.id));
  if (refund > 0) await deps.jobs.send(REFUND_JOB, { bookingId: booking.id }, { key: `${booking.id}:${toDecimal(due)}`, tx });
  await queueCancelledMails(deps, tx, booking.id, toDecimal(refund));
  return { bookingId: booking.id, status: "cancelled", refundAmount: toDecimal(refund) };
}

async function afterCancel(
  deps: BookingDeps,
  { result, startsAt }: { result: CancellationResult; startsAt: Date },
  requestLog: WarnLog | undefined,
): Promise<CancellationResult> {
  const { bookingId, refundAmount } = result;
  await cancelReminder(deps, bookingId, startsAt);
  if (toCents(refundAmount) > 0) {
    // The job stays as the safety net; this only makes the common case immediate.
    await executeRefund(deps, { bookingId }).catch((err: unknown) =>
      requestLog?.warn({ err, bookingId }, "refund deferred to its job"),
    );
  }
  return result;
}

/** bookings.cancel: the client (refund by the Terms) or the Seer (refund in full) cancels a confirmed booking. */
export async function cancel(
  deps: BookingDeps,
  user: SessionUser,
  input: { bookingId: string; reason?: string; sequence?: number },
  requestLog: WarnLog | undefined = deps.log,
): Promise<CancellationResult> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const { role: canceller, booking: b } = roleIn(user, await lockBooking(tx, input.bookingId), ["client", "seer"]);
    const now = deps.clock.now();
    refuseUnlessChangeable(b, input.sequence, now);
    const refund = refundFor(canceller, toCents(b.amount), toCents(b.refundedAmount), b.startsAt, now);
    return { result: await cancelLocked(deps, tx, b, canceller, refund, input.reason || null), startsAt: b.startsAt };
  });
  return afterCancel(deps, cancelled, requestLog);
}

/** bookings.adminCancel: an admin cancels any confirmed booking, with a refund they choose (at most what is left). */
export async function adminCancel(
  deps: BookingDeps,
  admin: AdminActor,
  input: { bookingId: string; refundAmount: string; reason: string },
  requestLog: WarnLog | undefined = deps.log,
): Promise<CancellationResult> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, input.bookingId);
    if (!b) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
    if (b.status === "cancelled") throw new AppError("CONFLICT", ALREADY_CANCELLED);
    if (b.status !== "confirmed") throw new AppError("CONFLICT", CANNOT_CHANGE);
    const refund = toCents(input.refundAmount);
    if (refund > toCents(b.amount) - toCents(b.refundedAmount)) throw new AppError("BAD_REQUEST", REFUND_TOO_LARGE);
    const result = await cancelLocked(deps, tx, b, "admin", refund, input.reason);
    await recordAdminAction(tx, admin, {
      targetKind: "booking",
      targetId: b.id,
      change: {
        ...input,
        before: { status: b.status, refundedAmount: b.refundedAmount },
        after: { status: result.status, refundDue: toDecimal(cents(toCents(b.refundedAmount) + refund)) },
      },
    });
    return { result, startsAt: b.startsAt };
  });
  return afterCancel(deps, cancelled, requestLog);
}

const STANDING_REFUNDS = ["pending", "requires_action", "succeeded"] as const;

/** The minor units of a local charge refunded so far, as last read back from the provider. */
async function refundedLocal(q: Queryable, bookingId: string): Promise<number> {
  const [sum] = await q
    .select({ total: sql<number>`coalesce(sum(${bookingRefunds.localAmount}), 0)::bigint` })
    .from(bookingRefunds)
    .where(and(eq(bookingRefunds.bookingId, bookingId), inArray(bookingRefunds.status, [...STANDING_REFUNDS])));
  return Number(sum?.total ?? 0);
}

/**
 * The refund job: asks the provider for what is still due, under a key that makes a retry the same refund. What is
 * due is in book cents (the Terms'); a booking charged in another currency is refunded in that currency
 * (`localRefundAsk`).
 */
export async function executeRefund(deps: BookingDeps, { bookingId }: { bookingId: string }): Promise<void> {
  const [b] = await deps.db
    .select({
      paymentIntentId: bookings.paymentIntentId,
      amount: bookings.amount,
      refundDue: bookings.refundDue,
      refundedAmount: bookings.refundedAmount,
      chargeCurrency: bookings.chargeCurrency,
      chargeAmount: bookings.chargeAmount,
      chargeRate: bookings.chargeRate,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!b?.paymentIntentId) return;
  const outstanding = toCents(b.refundDue) - toCents(b.refundedAmount);
  const local = localChargeOf(b);
  const ask =
    outstanding <= 0 || !local
      ? outstanding
      : localRefundAsk(local, {
          outstanding,
          due: toCents(b.refundDue),
          price: toCents(b.amount),
          refundedLocal: await refundedLocal(deps.db, bookingId),
        });
  if (ask > 0) {
    await deps.payments.refund({
      paymentIntentId: b.paymentIntentId,
      amount: ask,
      idempotencyKey: `refund:booking:${bookingId}:${b.refundDue}`,
      metadata: { kind: "booking", bookingId },
    });
  }
  await syncRefunds(deps, b.paymentIntentId);
}

export function defineRefundJob(deps: BookingDeps): void {
  deps.jobs.define<{ bookingId: string }>({
    name: REFUND_JOB,
    retryLimit: 10,
    retryDelaySeconds: 60,
    run: (data) => executeRefund(deps, data),
  });
}

/**
 * A refund as stored: its book value in cents and, for a local charge, its own minor units. A new refund of a local
 * charge is valued as what it adds to the book value of all refunded before it (`refundBookCents`).
 */
async function refundValues(
  tx: Tx,
  bookingId: string,
  local: LocalChargeOf | null,
  refunds: Refund[],
): Promise<Map<string, { amount: Cents; localAmount: number | null }>> {
  if (!local) return new Map(refunds.map((r) => [r.id, { amount: cents(r.amount), localAmount: null }]));
  const stored = await tx
    .select({ id: bookingRefunds.id, localAmount: bookingRefunds.localAmount, status: bookingRefunds.status })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId));
  const known = new Set(stored.map((r) => r.id));
  const standing = (status: string) => (STANDING_REFUNDS as readonly string[]).includes(status);
  let before = stored.reduce((sum, r) => sum + (standing(r.status) ? (r.localAmount ?? 0) : 0), 0);
  const values = new Map<string, { amount: Cents; localAmount: number | null }>();
  for (const r of refunds) {
    if (known.has(r.id) || r.amount <= 0) continue;
    values.set(r.id, { amount: cents(refundBookCents(local.rate, before, r.amount)), localAmount: r.amount });
    if (standing(r.status)) before += r.amount;
  }
  return values;
}

/** One row per refund id; the sum of those still standing, in book cents. */
async function storeRefunds(
  { clock }: BookingDeps,
  tx: Tx,
  booking: { id: string; local: LocalChargeOf | null },
  refunds: Refund[],
): Promise<Cents> {
  const values = await refundValues(tx, booking.id, booking.local, refunds);
  for (const r of refunds) {
    if (r.amount <= 0) continue;
    const value = values.get(r.id);
    // Known already (a local refund's value was fixed when first stored): only its status moves.
    if (!value) {
      await tx.update(bookingRefunds).set({ status: r.status, updatedAt: clock.now() }).where(eq(bookingRefunds.id, r.id));
      continue;
    }
    const [stored] = await tx
      .insert(bookingRefunds)
      .values({
        id: r.id,
        bookingId: booking.id,
        amount: toDecimal(value.amount),
        localAmount: value.localAmount,
        status: r.status,
      })
      .onConflictDoUpdate({ target: bookingRefunds.id, set: { status: r.status, updatedAt: clock.now() } })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (stored?.inserted) metrics.refunds.inc({ kind: "booking" });
  }
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${bookingRefunds.amount}), 0)::text` })
    .from(bookingRefunds)
    .where(and(eq(bookingRefunds.bookingId, booking.id), inArray(bookingRefunds.status, [...STANDING_REFUNDS])));
  return toCents(sum?.total ?? "0");
}

/**
 * Reads a payment's refunds back from the provider and applies them to its booking: one row per refund id, the
 * refunded sum, and the fee and earnings of what remains. Applied in any order and any number of times, the
 * result is the same. A full refund made elsewhere cancels a booking that was still confirmed.
 */
export async function syncRefunds(deps: BookingDeps, paymentIntentId: string): Promise<void> {
  const { db, clock, payments } = deps;
  const refunds: Refund[] = await payments.listRefunds(paymentIntentId);
  const cancelledHere = await db.transaction(async (tx) => {
    const [b] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.paymentIntentId, paymentIntentId))
      .for("update")
      .limit(1);
    if (!b) return null;
    const booking = (await lockBooking(tx, b.id)) as Locked;
    const amount = toCents(booking.amount);
    const refunded = cents(
      Math.min(amount, await storeRefunds(deps, tx, { id: booking.id, local: localChargeOf(booking) }, refunds)),
    );
    const split = splitAfterRefunds(amount, refunded);
    const fullyRefundedElsewhere = refunded >= amount && booking.status === "confirmed";
    await tx
      .update(bookings)
      .set({
        refundedAmount: toDecimal(refunded),
        platformFee: toDecimal(split.platformFee),
        seerEarnings: toDecimal(split.seerEarnings),
        ...(toCents(booking.refundDue) < refunded ? { refundDue: toDecimal(refunded) } : {}),
        ...(fullyRefundedElsewhere
          ? {
              status: "cancelled" as const,
              cancelledAt: clock.now(),
              cancelledBy: "provider" as const,
              calendarSequence: booking.calendarSequence + 1,
            }
          : {}),
      })
      .where(eq(bookings.id, booking.id));
    if (!fullyRefundedElsewhere) return null;
    await queueCancelledMails(deps, tx, booking.id, toDecimal(refunded));
    return booking;
  });
  if (cancelledHere) await cancelReminder(deps, cancelledHere.id, cancelledHere.startsAt);
}
