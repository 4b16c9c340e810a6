import { and, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { bookings } from "../../../db/schema";
import { canReschedule } from "../../../src/domain/after-payment";
import {
  SESSION_MINUTES,
  dateInTimeZone,
  sessionEnd,
  timeInTimeZone,
  zonedDateTimeToInstant,
} from "../../../src/domain/consultations";
import { whyNotBookable } from "../../../src/domain/schedule";
import { AppError } from "../../../src/errors";
import { PG, sqlState } from "../../platform/database";
import { lockInTransaction, seerSlotsKey } from "../../platform/locks";
import type { SessionUser } from "../../platform/trpc/context";
import type { BookingDeps } from "./deps";
import { lockBooking, refuseUnlessChangeable, roleIn, type Locked } from "./locked";
import { proposalMail, rescheduledMail } from "./mail";
import { loadBookingMail } from "./mail-context";
import { BOOKING_NOT_FOUND, NO_PROPOSAL, SLOT_TAKEN, TOO_LATE_TO_RESCHEDULE } from "./messages";
import { queueBookingPush } from "./push";
import { cancelReminder, scheduleReminder } from "./reminder";
import { loadSchedule, scheduleSeer, windowAround } from "./schedule";

/**
 * The Seer's schedule refuses the new time (its other bookings read under the Seer's lock, this one left out): the
 * same rule as a new hold's, with the time the booking has refused as no change. A time asked for is bad input
 * (BAD_REQUEST); a proposal accepted after the Seer's schedule changed is a conflict with it (CONFLICT).
 */
async function refuseUnbookable(
  tx: Tx,
  b: Locked,
  startsAt: Date,
  now: Date,
  code: "BAD_REQUEST" | "CONFLICT" = "BAD_REQUEST",
): Promise<void> {
  await lockInTransaction(tx, seerSlotsKey(b.seerId));
  const seer = await scheduleSeer(tx, b.seerId);
  if (!seer) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
  const schedule = await loadSchedule(tx, seer, windowAround(startsAt), now, { except: b.id });
  const reason = whyNotBookable(schedule, startsAt, SESSION_MINUTES[b.sessionType], now, b.startsAt);
  if (reason) throw new AppError(code, reason);
}

/** Moves the booking in the same transaction; the exclusion constraint refuses a slot another live booking has. */
async function moveLocked(deps: BookingDeps, tx: Tx, b: Locked, startsAt: Date): Promise<void> {
  const { clock, config, outbox } = deps;
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
  await scheduleReminder(deps, { id: b.id, startsAt, confirmedAt: b.confirmedAt }, tx);
  const mail = await loadBookingMail(tx, config.publicUrl, b.id);
  if (mail) {
    const key = `booking-rescheduled:${b.id}:${b.calendarSequence + 1}`;
    await outbox.send(`${key}:client`, rescheduledMail(mail.clientEmail, mail.data, now, "client", mail.clientLocale), { tx });
    await outbox.send(`${key}:seer`, rescheduledMail(mail.seerEmail, mail.data, now, "seer", mail.seerLocale), { tx });
    await queueBookingPush(deps, tx, b.id, "rescheduled", startsAt);
  }
}

async function inTransactionRefusingTakenSlots<T>({ db }: BookingDeps, run: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(run);
  } catch (error) {
    if (sqlState(error) === PG.EXCLUSION_VIOLATION) throw new AppError("CONFLICT", SLOT_TAKEN, { cause: error });
    throw error;
  }
}

/** bookings.reschedule: the client moves their booking, free of charge until 24 hours before it. */
export async function reschedule(
  deps: BookingDeps,
  user: SessionUser,
  input: { bookingId: string; scheduledDate: string; scheduledTime: string; sequence?: number },
): Promise<{ bookingId: string; startsAt: Date }> {
  const moved = await inTransactionRefusingTakenSlots(deps, async (tx) => {
    const { booking: b } = roleIn(user, await lockBooking(tx, input.bookingId), ["client"]);
    const now = deps.clock.now();
    refuseUnlessChangeable(b, input.sequence, now);
    if (!canReschedule(b.startsAt, now)) throw new AppError("CONFLICT", TOO_LATE_TO_RESCHEDULE);
    const startsAt = zonedDateTimeToInstant(input.scheduledDate, input.scheduledTime, b.clientTimezone);
    await refuseUnbookable(tx, b, startsAt, now);
    await moveLocked(deps, tx, b, startsAt);
    return { old: b.startsAt, startsAt };
  });
  await cancelReminder(deps, input.bookingId, moved.old);
  return { bookingId: input.bookingId, startsAt: moved.startsAt };
}

/** bookings.proposeReschedule: the Seer proposes a new time; the client accepts it (the booking moves) or declines it. */
export async function proposeReschedule(
  { db, clock, config, outbox }: BookingDeps,
  user: SessionUser,
  input: { bookingId: string; scheduledDate: string; scheduledTime: string; timezone: string },
): Promise<{ bookingId: string; proposedStartsAt: Date }> {
  return db.transaction(async (tx) => {
    const { booking: b } = roleIn(user, await lockBooking(tx, input.bookingId), ["seer"]);
    const now = clock.now();
    refuseUnlessChangeable(b, undefined, now);
    const startsAt = zonedDateTimeToInstant(input.scheduledDate, input.scheduledTime, input.timezone);
    await refuseUnbookable(tx, b, startsAt, now);
    await tx.update(bookings).set({ proposedStartsAt: startsAt }).where(eq(bookings.id, b.id));
    const mail = await loadBookingMail(tx, config.publicUrl, b.id);
    if (mail)
      await outbox.send(
        `booking-proposal:${b.id}:${startsAt.toISOString()}`,
        proposalMail(mail.clientEmail, mail.data, startsAt, mail.clientLocale),
        {
          tx,
        },
      );
    return { bookingId: b.id, proposedStartsAt: startsAt };
  });
}

/** bookings.respondToProposal: the client accepts the Seer's proposed time (the booking moves) or declines it. */
export async function respondToProposal(
  deps: BookingDeps,
  user: SessionUser,
  input: { bookingId: string; accept: boolean; sequence?: number },
): Promise<{ bookingId: string; startsAt: Date }> {
  // Accepting reads the Seer's own calendars as they are now first, as a new hold does (never failing, at most a few
  // seconds); only the client's own booking with a proposal asks, so no one else can make a Seer's calendars be read.
  if (input.accept && deps.refreshBusy) {
    const [own] = await deps.db
      .select({ seerId: bookings.seerId })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.clientId, user.id), isNotNull(bookings.proposedStartsAt)))
      .limit(1);
    if (own) await deps.refreshBusy(own.seerId);
  }
  const result = await inTransactionRefusingTakenSlots(deps, async (tx) => {
    const { booking: b } = roleIn(user, await lockBooking(tx, input.bookingId), ["client"]);
    const now = deps.clock.now();
    refuseUnlessChangeable(b, input.sequence, now);
    if (!b.proposedStartsAt) throw new AppError("CONFLICT", NO_PROPOSAL);
    if (!input.accept) {
      await tx.update(bookings).set({ proposedStartsAt: null }).where(eq(bookings.id, b.id));
      return { old: b.startsAt, startsAt: b.startsAt };
    }
    if (b.proposedStartsAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "The proposed time has passed.");
    // The Seer's schedule may have changed since the proposal (time off, a date's own hours, rules, other bookings,
    // their calendars): the new time must still be one a hold could take, under the same lock; if not, nothing moves
    // and the proposal stays for the client to decline.
    await refuseUnbookable(tx, b, b.proposedStartsAt, now, "CONFLICT");
    await moveLocked(deps, tx, b, b.proposedStartsAt);
    return { old: b.startsAt, startsAt: b.proposedStartsAt };
  });
  if (result.old.getTime() !== result.startsAt.getTime()) await cancelReminder(deps, input.bookingId, result.old);
  return { bookingId: input.bookingId, startsAt: result.startsAt };
}
