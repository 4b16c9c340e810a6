import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { bookings, seers } from "../../../db/schema";
import {
  SESSION_MINUTES,
  TIME_SLOTS,
  timeInTimeZone,
  zonedDateTimeToInstant,
  type SessionType,
} from "../../../src/domain/consultations";
import { DAY_FULL, SLOT_PASSED, SLOT_TAKEN, TOO_CLOSE, whyNotBookable } from "../../../src/domain/schedule";
import { NOT_AVAILABLE_MESSAGE } from "../../../src/schemas/dashboard";
import { AppError } from "../../../src/errors";
import type { SessionUser } from "../../platform/trpc/context";
import type { BookingDeps } from "./deps";
import { bookingIcs } from "./mail";
import { loadBookingMail } from "./mail-context";
import { BOOKING_NOT_FOUND, MEETING_NOT_FOUND_MESSAGE } from "./messages";
import { loadSchedule, scheduleColumns, windowAround } from "./schedule";

/** What a booking's client, its Seer and admins may see of it. No e-mail addresses, no payment metadata. */
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
  // What the client paid in their own currency (the stored charge), shown beside the US dollar price (issue #41).
  chargeCurrency: bookings.chargeCurrency,
  chargeAmount: bookings.chargeAmount,
  platformFee: bookings.platformFee,
  seerEarnings: bookings.seerEarnings,
  status: bookings.status,
  consultationLink: bookings.consultationLink,
  notes: bookings.notes,
  createdAt: bookings.createdAt,
} as const;

/** A booking is live while confirmed, or pending with its hold not yet run out. */
const isLive = (now: Date) =>
  or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now)));

const overlaps = (startsAt: Date, endsAt: Date) =>
  sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

/** bookings.byId: only the booking's client, its Seer and admins; anyone else is told what a missing id is told. */
export async function byId({ db }: BookingDeps, user: SessionUser, bookingId: string) {
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

/** What a booking's client, its Seer and admins may see of it (inferred from the one column list above). */
export type BookingView = Awaited<ReturnType<typeof byId>>;

/**
 * bookings.mine, GET /api/bookings: a Seer's bookings (docs/product.md#api "the Seer's bookings"); for anyone else,
 * their own bookings as a client, so the same call serves a client's history.
 */
export async function mine({ db }: BookingDeps, user: SessionUser): Promise<BookingView[]> {
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
 * bookings.calendar, GET /api/bookings/{id}/calendar.ics: the booking's calendar entry, to its client and its Seer
 * only (anyone else, and a booking that was never paid, is told what a missing id is told). A cancelled booking gives
 * the METHOD:CANCEL version, with the same UID and its raised SEQUENCE, so a calendar removes the entry it has.
 */
export async function calendar(
  { db, clock, config }: BookingDeps,
  user: SessionUser,
  bookingId: string,
): Promise<{ filename: string; content: string }> {
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
    content: bookingIcs(
      mail.data,
      clock.now(),
      { cancelled: row.status === "cancelled" },
      row.clientId === user.id ? mail.clientLocale : mail.seerLocale,
    ),
  };
}

type SlotsInput = { seerId: string; scheduledDate: string; clientTimezone: string; sessionType?: SessionType };

/** Refusals that say the time is taken (passed, near another session, the day full) rather than not offered. */
const TAKEN_REASONS: ReadonlySet<string> = new Set([SLOT_PASSED, SLOT_TAKEN, TOO_CLOSE, DAY_FULL]);

/**
 * The client-visible times of a date (client's timezone), each with why the Seer's schedule refuses it (null: free):
 * the same rule as the hold's (src/domain/schedule.ts). A time the client's zone skips (a DST gap) never names a real
 * slot of its own and is not offered. A Seer who is not listed offers nothing.
 */
async function slotsOfDay({ db, clock }: BookingDeps, input: SlotsInput) {
  const now = clock.now();
  const minutes = SESSION_MINUTES[input.sessionType ?? "15min"];
  const slots = TIME_SLOTS.map((time) => {
    const start = zonedDateTimeToInstant(input.scheduledDate, time, input.clientTimezone);
    return {
      time,
      start,
      end: new Date(start.getTime() + minutes * 60_000),
      real: timeInTimeZone(start, input.clientTimezone) === time,
    };
  });
  const first = slots[0];
  const last = slots[slots.length - 1];
  if (!first || !last) return [];
  const [seer] = await db
    .select({ id: seers.id, ...scheduleColumns })
    .from(seers)
    .where(and(eq(seers.id, input.seerId), eq(seers.verificationStatus, "approved")))
    .limit(1);
  const range = { from: windowAround(first.start).from, to: windowAround(last.start).to };
  const live = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.seerId, input.seerId), isLive(now), overlaps(range.from, range.to)));
  const schedule = seer ? { ...(await loadSchedule(db, seer, range, now, { withBookings: false })), bookings: live } : null;
  return slots.map((slot) => {
    const overlapping = live.some((b) => b.start < slot.end && b.end > slot.start);
    const passed = slot.start.getTime() <= now.getTime();
    const reason = schedule && slot.real ? whyNotBookable(schedule, slot.start, minutes, now) : NOT_AVAILABLE_MESSAGE;
    return { time: slot.time, taken: passed || overlapping || (reason !== null && TAKEN_REASONS.has(reason)), reason };
  });
}

/**
 * bookings.takenSlots: the wizard's disabled slots for one date in the client's timezone, booked or held for this
 * Seer (with the Seer's buffers and daily cap), or already past. Times only: nothing about who booked them.
 */
export async function takenSlots(deps: BookingDeps, input: SlotsInput): Promise<string[]> {
  return (await slotsOfDay(deps, input)).filter((slot) => slot.taken).map((slot) => slot.time);
}

/**
 * Of the client-visible times of a date (client's timezone), those the Seer's schedule does not offer: weekly hours,
 * date overrides and time off, minimum notice, how far ahead.
 */
export async function notOfferedSlots(deps: BookingDeps, input: SlotsInput): Promise<string[]> {
  return (await slotsOfDay(deps, input)).filter((slot) => !slot.taken && slot.reason !== null).map((slot) => slot.time);
}
