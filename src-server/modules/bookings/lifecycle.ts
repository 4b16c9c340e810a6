import { and, eq, inArray, lte, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { bookingRefunds, bookings, seers, type CancelledBy } from "../../../db/schema";
import {
  canReschedule,
  clientRefundPercent,
  refundFor,
  reminderDueAt,
  splitAfterRefunds,
  ROOM_CLOSES_MINUTES_AFTER_END,
} from "../../../src/domain/after-payment";
import { offersInstant } from "../../../src/domain/availability";
import {
  BEYOND_HORIZON_MESSAGE,
  BOOKABLE_HORIZON_DAYS,
  sessionEnd,
  zonedDateTimeToInstant,
  dateInTimeZone,
  timeInTimeZone,
} from "../../../src/domain/consultations";
import { cents, toCents, toDecimal, type Cents } from "../../../src/domain/money";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import { lockInTransaction, seerSlotsKey } from "../../platform/locks";
import { metrics } from "../../platform/metrics";
import type { Config } from "../../platform/config";
import { PG, sqlState, type WarnLog } from "../../platform/database";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import type { PaymentProvider, Refund } from "../../platform/payments/provider";
import type { SessionUser } from "../../platform/trpc/context";
import { NOT_AVAILABLE_MESSAGE } from "../../../src/schemas/dashboard";
import { cancelledMail, proposalMail, reminderClientMail, reminderSeerMail, rescheduledMail, reviewPromptMail } from "./mail";
import { loadBookingMail } from "./mail-context";

export const BOOKING_NOT_FOUND = "Booking not found.";
export const ALREADY_CANCELLED = "This booking is already cancelled.";
export const CANNOT_CHANGE = "Only a confirmed booking that has not started can be changed.";
export const CHANGED_MEANWHILE = "This booking has just changed. Please check it and try again.";
export const TOO_LATE_TO_RESCHEDULE = "A booking can be moved until 24 hours before it starts. You can still cancel it.";
export const SAME_TIME = "Choose a time other than the current one.";
export const SLOT_TAKEN = "This time slot is no longer available. Please choose another.";
export const NO_PROPOSAL = "There is no proposed time to answer.";
export const REFUND_TOO_LARGE = "The refund cannot be more than what is left of the payment.";

/** Sessions that ended at or before this instant have had their room closed by `now`. */
const roomClosedSince = (now: Date) => new Date(now.getTime() - ROOM_CLOSES_MINUTES_AFTER_END * 60_000);

const REMINDER_JOB = "bookings.reminder";
const REFUND_JOB = "bookings.refund";
const SETTLE_JOB = "bookings.settle";
const EXPIRE_HOLDS_JOB = "bookings.expire-holds";

/** What the cancel dialog shows, computed by the same rule the cancellation applies. */
export interface CancellationQuote {
  bookingId: string;
  amount: string;
  refundAmount: string;
  refundPercent: number;
  canceller: "client" | "seer";
  sequence: number;
}

export interface CancellationResult {
  bookingId: string;
  status: "cancelled";
  refundAmount: string;
}

/** A booking row locked for a change, with who the caller is to it. */
interface Locked {
  id: string;
  clientId: string;
  seerId: string;
  seerUserId: string;
  seerTimezone: string;
  seerAvailability: unknown;
  sessionType: (typeof bookings.$inferSelect)["sessionType"];
  clientTimezone: string;
  startsAt: Date;
  endsAt: Date;
  amount: string;
  refundedAmount: string;
  refundDue: string;
  status: (typeof bookings.$inferSelect)["status"];
  paymentIntentId: string | null;
  calendarSequence: number;
  proposedStartsAt: Date | null;
  confirmedAt: Date | null;
}

export interface AttendanceReader {
  /** Whether the booking's client ever joined its room; null when the room keeps no record for it. */
  clientJoined(bookingId: string): Promise<boolean | null>;
}

export function createBookingLifecycle({
  db,
  clock,
  outbox,
  jobs,
  payments,
  config,
  attendance,
  log,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  payments: PaymentProvider;
  config: Pick<Config, "publicUrl">;
  attendance?: AttendanceReader;
  /** The app's logger; a call made for a request passes that request's logger instead. */
  log?: WarnLog;
}) {
  async function lock(tx: Tx, bookingId: string): Promise<Locked | undefined> {
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
        status: bookings.status,
        paymentIntentId: bookings.paymentIntentId,
        calendarSequence: bookings.calendarSequence,
        proposedStartsAt: bookings.proposedStartsAt,
        confirmedAt: bookings.confirmedAt,
      })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(eq(bookings.id, bookingId))
      .for("update", { of: bookings })
      .limit(1);
    return row;
  }

  /** The caller's relation to a booking; anyone else is told what a missing id is told. */
  function roleIn(user: SessionUser, booking: Locked | undefined, allowed: readonly ("client" | "seer")[]): "client" | "seer" {
    if (booking) {
      if (allowed.includes("client") && booking.clientId === user.id) return "client";
      if (allowed.includes("seer") && booking.seerUserId === user.id) return "seer";
    }
    throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
  }

  function refuseUnlessChangeable(booking: Locked, sequence: number | undefined, now: Date): void {
    if (sequence !== undefined && sequence !== booking.calendarSequence) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
    if (booking.status === "cancelled") throw new AppError("CONFLICT", ALREADY_CANCELLED);
    if (booking.status !== "confirmed" || booking.startsAt.getTime() <= now.getTime())
      throw new AppError("CONFLICT", CANNOT_CHANGE);
  }

  // ---- the 24-hour reminder ----

  const reminderKey = (bookingId: string, startsAt: Date) => `${bookingId}:${startsAt.toISOString()}`;

  /** Schedules the reminder of a confirmed booking (none when it was confirmed less than 24 hours ahead). */
  async function scheduleReminder(booking: { id: string; startsAt: Date; confirmedAt: Date | null }, tx?: Tx): Promise<void> {
    const due = reminderDueAt(booking.startsAt, booking.confirmedAt ?? clock.now());
    if (!due) return;
    await jobs.send(
      REMINDER_JOB,
      { bookingId: booking.id, startsAt: booking.startsAt.toISOString() },
      { at: due, key: reminderKey(booking.id, booking.startsAt), ...(tx ? { tx } : {}) },
    );
  }

  async function sendReminder({ bookingId, startsAt }: { bookingId: string; startsAt: string }): Promise<void> {
    const mail = await loadBookingMail(db, config.publicUrl, bookingId);
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    // A reminder for a time the booking no longer has, or for a cancelled booking, is dropped.
    if (!mail || row?.status !== "confirmed" || mail.data.startsAt.toISOString() !== startsAt) return;
    await outbox.send(`booking-reminder:${bookingId}:${startsAt}:client`, reminderClientMail(mail.clientEmail, mail.data));
    await outbox.send(`booking-reminder:${bookingId}:${startsAt}:seer`, reminderSeerMail(mail.seerEmail, mail.data));
  }

  // ---- cancellation and refunds ----

  async function quote(user: SessionUser, bookingId: string): Promise<CancellationQuote> {
    return db.transaction(async (tx) => {
      const booking = await lock(tx, bookingId);
      const canceller = roleIn(user, booking, ["client", "seer"]);
      const b = booking as Locked;
      const now = clock.now();
      refuseUnlessChangeable(b, undefined, now);
      const refund = refundFor(canceller, toCents(b.amount), toCents(b.refundedAmount), b.startsAt, now);
      return {
        bookingId: b.id,
        amount: b.amount,
        refundAmount: toDecimal(refund),
        refundPercent: canceller === "seer" ? 100 : clientRefundPercent(b.startsAt, now),
        canceller,
        sequence: b.calendarSequence,
      };
    });
  }

  /**
   * Cancels in one transaction: the status, the refund promised, the refund job and both e-mails commit together,
   * so a crash leaves either nothing done or everything queued. The refund then runs at once, and again from its
   * job if the provider could not be reached; one idempotency key makes both the same refund.
   */
  async function cancelLocked(
    tx: Tx,
    booking: Locked,
    by: CancelledBy,
    refund: Cents,
    reason: string | null,
  ): Promise<CancellationResult> {
    const now = clock.now();
    const due = cents(toCents(booking.refundedAmount) + refund);
    await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelledBy: by,
        cancellationReason: reason,
        refundDue: toDecimal(due),
        calendarSequence: booking.calendarSequence + 1,
        proposedStartsAt: null,
        holdExpiresAt: null,
      })
      .where(eq(bookings.id, booking.id));
    if (refund > 0) await jobs.send(REFUND_JOB, { bookingId: booking.id }, { key: `${booking.id}:${toDecimal(due)}`, tx });
    const mail = await loadBookingMail(tx, config.publicUrl, booking.id);
    if (mail) {
      await outbox.send(
        `booking-cancelled:${booking.id}:client`,
        cancelledMail(mail.clientEmail, mail.data, now, "client", toDecimal(refund)),
        { tx },
      );
      await outbox.send(
        `booking-cancelled:${booking.id}:seer`,
        cancelledMail(mail.seerEmail, mail.data, now, "seer", toDecimal(refund)),
        { tx },
      );
    }
    return { bookingId: booking.id, status: "cancelled", refundAmount: toDecimal(refund) };
  }

  async function afterCancel(bookingId: string, startsAt: Date, refund: string, requestLog: WarnLog | undefined): Promise<void> {
    await jobs.cancel(REMINDER_JOB, reminderKey(bookingId, startsAt)).catch(() => {});
    if (toCents(refund) > 0) {
      // The job stays as the safety net; this only makes the common case immediate.
      await executeRefund({ bookingId }).catch((err: unknown) =>
        requestLog?.warn({ err, bookingId }, "refund deferred to its job"),
      );
    }
  }

  async function cancel(
    user: SessionUser,
    input: { bookingId: string; reason?: string; sequence?: number },
    requestLog: WarnLog | undefined = log,
  ): Promise<CancellationResult> {
    const { result, startsAt } = await db.transaction(async (tx) => {
      const booking = await lock(tx, input.bookingId);
      const canceller = roleIn(user, booking, ["client", "seer"]);
      const b = booking as Locked;
      const now = clock.now();
      refuseUnlessChangeable(b, input.sequence, now);
      const refund = refundFor(canceller, toCents(b.amount), toCents(b.refundedAmount), b.startsAt, now);
      return { result: await cancelLocked(tx, b, canceller, refund, input.reason || null), startsAt: b.startsAt };
    });
    await afterCancel(result.bookingId, startsAt, result.refundAmount, requestLog);
    return result;
  }

  /** An admin cancels any confirmed booking, with a refund they choose (at most what is left) and a reason. */
  async function adminCancel(
    input: { bookingId: string; refundAmount: string; reason: string },
    requestLog: WarnLog | undefined = log,
  ): Promise<CancellationResult> {
    const { result, startsAt } = await db.transaction(async (tx) => {
      const b = await lock(tx, input.bookingId);
      if (!b) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
      if (b.status === "cancelled") throw new AppError("CONFLICT", ALREADY_CANCELLED);
      if (b.status !== "confirmed") throw new AppError("CONFLICT", CANNOT_CHANGE);
      const refund = toCents(input.refundAmount);
      if (refund > toCents(b.amount) - toCents(b.refundedAmount)) throw new AppError("BAD_REQUEST", REFUND_TOO_LARGE);
      return { result: await cancelLocked(tx, b, "admin", refund, input.reason), startsAt: b.startsAt };
    });
    await afterCancel(result.bookingId, startsAt, result.refundAmount, requestLog);
    return result;
  }

  /** The refund job: asks the provider for what is still due, under a key that makes a retry the same refund. */
  async function executeRefund({ bookingId }: { bookingId: string }): Promise<void> {
    const [b] = await db
      .select({
        paymentIntentId: bookings.paymentIntentId,
        refundDue: bookings.refundDue,
        refundedAmount: bookings.refundedAmount,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!b?.paymentIntentId) return;
    const outstanding = toCents(b.refundDue) - toCents(b.refundedAmount);
    if (outstanding > 0) {
      await payments.refund({
        paymentIntentId: b.paymentIntentId,
        amount: outstanding,
        idempotencyKey: `refund:booking:${bookingId}:${b.refundDue}`,
        metadata: { kind: "booking", bookingId },
      });
    }
    await syncRefunds(b.paymentIntentId);
  }

  /**
   * Reads a payment's refunds back from the provider and applies them to its booking: one row per refund id, the
   * refunded sum, and the fee and earnings of what remains. Applied in any order and any number of times, the
   * result is the same. A full refund made elsewhere cancels a booking that was still confirmed.
   */
  async function syncRefunds(paymentIntentId: string): Promise<void> {
    const refunds: Refund[] = await payments.listRefunds(paymentIntentId);
    const cancelledHere = await db.transaction(async (tx) => {
      const [b] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.paymentIntentId, paymentIntentId))
        .for("update")
        .limit(1);
      if (!b) return null;
      const booking = (await lock(tx, b.id)) as Locked;
      for (const r of refunds) {
        if (r.amount <= 0) continue;
        const [stored] = await tx
          .insert(bookingRefunds)
          .values({ id: r.id, bookingId: booking.id, amount: toDecimal(cents(r.amount)), status: r.status })
          .onConflictDoUpdate({ target: bookingRefunds.id, set: { status: r.status, updatedAt: clock.now() } })
          .returning({ inserted: sql<boolean>`xmax = 0` });
        if (stored?.inserted) metrics.refunds.inc({ kind: "booking" });
      }
      const [sum] = await tx
        .select({ total: sql<string>`coalesce(sum(${bookingRefunds.amount}), 0)::text` })
        .from(bookingRefunds)
        .where(
          and(
            eq(bookingRefunds.bookingId, booking.id),
            inArray(bookingRefunds.status, ["pending", "requires_action", "succeeded"]),
          ),
        );
      const amount = toCents(booking.amount);
      const refunded = cents(Math.min(amount, toCents(sum?.total ?? "0")));
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
      const mail = await loadBookingMail(tx, config.publicUrl, booking.id);
      if (mail) {
        const now = clock.now();
        await outbox.send(
          `booking-cancelled:${booking.id}:client`,
          cancelledMail(mail.clientEmail, mail.data, now, "client", toDecimal(refunded)),
          { tx },
        );
        await outbox.send(
          `booking-cancelled:${booking.id}:seer`,
          cancelledMail(mail.seerEmail, mail.data, now, "seer", toDecimal(refunded)),
          { tx },
        );
      }
      return booking;
    });
    if (cancelledHere) await jobs.cancel(REMINDER_JOB, reminderKey(cancelledHere.id, cancelledHere.startsAt)).catch(() => {});
  }

  // ---- rescheduling ----

  async function validNewStart(b: Locked, startsAt: Date, now: Date): Promise<void> {
    if (startsAt.getTime() <= now.getTime())
      throw new AppError("BAD_REQUEST", "This time slot has already passed. Please choose another.");
    if (startsAt.getTime() > now.getTime() + BOOKABLE_HORIZON_DAYS * 24 * 3600_000)
      throw new AppError("BAD_REQUEST", BEYOND_HORIZON_MESSAGE);
    if (startsAt.getTime() === b.startsAt.getTime()) throw new AppError("BAD_REQUEST", SAME_TIME);
    if (!offersInstant(b.seerAvailability as Parameters<typeof offersInstant>[0], b.seerTimezone, startsAt))
      throw new AppError("BAD_REQUEST", NOT_AVAILABLE_MESSAGE);
  }

  /** Moves the booking in the same transaction; the exclusion constraint refuses a slot another live booking has. */
  async function moveLocked(tx: Tx, b: Locked, startsAt: Date): Promise<void> {
    const now = clock.now();
    const endsAt = sessionEnd(startsAt, b.sessionType);
    await lockInTransaction(tx, seerSlotsKey(b.seerId));
    await tx
      .update(bookings)
      .set({
        startsAt,
        endsAt,
        scheduledDate: dateInTimeZone(startsAt, b.clientTimezone),
        scheduledTime: timeInTimeZone(startsAt, b.clientTimezone),
        calendarSequence: b.calendarSequence + 1,
        proposedStartsAt: null,
      })
      .where(eq(bookings.id, b.id));
    await scheduleReminder({ id: b.id, startsAt, confirmedAt: b.confirmedAt }, tx);
    const mail = await loadBookingMail(tx, config.publicUrl, b.id);
    if (mail) {
      const key = `booking-rescheduled:${b.id}:${b.calendarSequence + 1}`;
      await outbox.send(`${key}:client`, rescheduledMail(mail.clientEmail, mail.data, now, "client"), { tx });
      await outbox.send(`${key}:seer`, rescheduledMail(mail.seerEmail, mail.data, now, "seer"), { tx });
    }
  }

  async function inTransactionRefusingTakenSlots<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(run);
    } catch (error) {
      if (sqlState(error) === PG.EXCLUSION_VIOLATION) throw new AppError("CONFLICT", SLOT_TAKEN, { cause: error });
      throw error;
    }
  }

  async function reschedule(
    user: SessionUser,
    input: { bookingId: string; scheduledDate: string; scheduledTime: string; sequence?: number },
  ): Promise<{ bookingId: string; startsAt: Date }> {
    const moved = await inTransactionRefusingTakenSlots(async (tx) => {
      const booking = await lock(tx, input.bookingId);
      roleIn(user, booking, ["client"]);
      const b = booking as Locked;
      const now = clock.now();
      refuseUnlessChangeable(b, input.sequence, now);
      if (!canReschedule(b.startsAt, now)) throw new AppError("CONFLICT", TOO_LATE_TO_RESCHEDULE);
      const startsAt = zonedDateTimeToInstant(input.scheduledDate, input.scheduledTime, b.clientTimezone);
      await validNewStart(b, startsAt, now);
      await moveLocked(tx, b, startsAt);
      return { old: b.startsAt, startsAt };
    });
    await jobs.cancel(REMINDER_JOB, reminderKey(input.bookingId, moved.old)).catch(() => {});
    return { bookingId: input.bookingId, startsAt: moved.startsAt };
  }

  /** The Seer proposes a new time; the client accepts it (the booking moves) or declines it (it stays). */
  async function propose(
    user: SessionUser,
    input: { bookingId: string; scheduledDate: string; scheduledTime: string; timezone: string },
  ): Promise<{ bookingId: string; proposedStartsAt: Date }> {
    return db.transaction(async (tx) => {
      const booking = await lock(tx, input.bookingId);
      roleIn(user, booking, ["seer"]);
      const b = booking as Locked;
      const now = clock.now();
      refuseUnlessChangeable(b, undefined, now);
      const startsAt = zonedDateTimeToInstant(input.scheduledDate, input.scheduledTime, input.timezone);
      await validNewStart(b, startsAt, now);
      await tx.update(bookings).set({ proposedStartsAt: startsAt }).where(eq(bookings.id, b.id));
      const mail = await loadBookingMail(tx, config.publicUrl, b.id);
      if (mail)
        await outbox.send(
          `booking-proposal:${b.id}:${startsAt.toISOString()}`,
          proposalMail(mail.clientEmail, mail.data, startsAt),
          { tx },
        );
      return { bookingId: b.id, proposedStartsAt: startsAt };
    });
  }

  async function respondToProposal(
    user: SessionUser,
    input: { bookingId: string; accept: boolean; sequence?: number },
  ): Promise<{ bookingId: string; startsAt: Date }> {
    const result = await inTransactionRefusingTakenSlots(async (tx) => {
      const booking = await lock(tx, input.bookingId);
      roleIn(user, booking, ["client"]);
      const b = booking as Locked;
      const now = clock.now();
      refuseUnlessChangeable(b, input.sequence, now);
      if (!b.proposedStartsAt) throw new AppError("CONFLICT", NO_PROPOSAL);
      if (!input.accept) {
        await tx.update(bookings).set({ proposedStartsAt: null }).where(eq(bookings.id, b.id));
        return { old: b.startsAt, startsAt: b.startsAt };
      }
      if (b.proposedStartsAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "The proposed time has passed.");
      await moveLocked(tx, b, b.proposedStartsAt);
      return { old: b.startsAt, startsAt: b.proposedStartsAt };
    });
    if (result.old.getTime() !== result.startsAt.getTime())
      await jobs.cancel(REMINDER_JOB, reminderKey(input.bookingId, result.old)).catch(() => {});
    return { bookingId: input.bookingId, startsAt: result.startsAt };
  }

  // ---- completion ----

  /**
   * Settles every confirmed session whose room has closed: completed, or no_show when the room shows that the
   * client never joined. One booking's failure is logged and skipped; the rest go on.
   */
  async function settleEnded(): Promise<number> {
    const now = clock.now();
    const ended = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, "confirmed"), lte(bookings.endsAt, roomClosedSince(now))))
      .limit(500);
    let settled = 0;
    for (const { id } of ended) {
      try {
        if (await settle(id)) settled++;
      } catch (err) {
        log?.warn({ err, bookingId: id }, "settling a session failed; it is tried again on the next run");
      }
    }
    return settled;
  }

  async function settle(bookingId: string): Promise<boolean> {
    const joined = attendance ? await attendance.clientJoined(bookingId) : null;
    const status = joined === false ? ("no_show" as const) : ("completed" as const);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({ status, completedAt: now })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed"), lte(bookings.endsAt, roomClosedSince(now))))
        .returning({ id: bookings.id });
      if (!row) return false;
      if (status === "completed") {
        const mail = await loadBookingMail(tx, config.publicUrl, bookingId);
        if (mail) await outbox.send(`review-prompt:${bookingId}`, reviewPromptMail(mail.clientEmail, mail.data), { tx });
      }
      return true;
    });
  }

  /** Unpaid holds that ran out are marked expired, so that lists and figures never count them. */
  async function expireHolds(): Promise<number> {
    const rows = await db
      .update(bookings)
      .set({ status: "expired", holdExpiresAt: null })
      .where(and(eq(bookings.status, "pending"), lt(bookings.holdExpiresAt, clock.now())))
      .returning({ id: bookings.id });
    return rows.length;
  }

  jobs.define<{ bookingId: string; startsAt: string }>({ name: REMINDER_JOB, run: sendReminder });
  jobs.define<{ bookingId: string }>({ name: REFUND_JOB, retryLimit: 10, retryDelaySeconds: 60, run: executeRefund });
  jobs.define({ name: SETTLE_JOB, every: "* * * * *", run: () => settleEnded().then(() => {}) });
  jobs.define({ name: EXPIRE_HOLDS_JOB, every: "* * * * *", run: () => expireHolds().then(() => {}) });

  return {
    quote,
    cancel,
    adminCancel,
    syncRefunds,
    reschedule,
    propose,
    respondToProposal,
    scheduleReminder,
    settleEnded,
    expireHolds,
  };
}
