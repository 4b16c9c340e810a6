import { and, eq, gt, gte, lte, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { bookings, seerDateOverrides, seers } from "../../../db/schema";
import { dateInTimeZone } from "../../../src/domain/consultations";
import {
  MAX_HORIZON_DAYS,
  whyNotBookable,
  type DateOverride,
  type Interval,
  type ScheduleRules,
  type SeerSchedule,
} from "../../../src/domain/schedule";
import { AppError } from "../../../src/errors";
import { busyTimesBetween } from "../../platform/busy-times";
import { lockInTransaction, seerSlotsKey } from "../../platform/locks";

/** The columns of a Seer that their schedule is read from (src/domain/schedule.ts). */
export const scheduleColumns = {
  timezone: seers.timezone,
  availability: seers.availability,
  bufferBeforeMinutes: seers.bufferBeforeMinutes,
  bufferAfterMinutes: seers.bufferAfterMinutes,
  noticeMinutes: seers.noticeMinutes,
  horizonDays: seers.horizonDays,
  dailyCap: seers.dailyCap,
} as const;

export interface ScheduleSeer {
  id: string;
  timezone: string;
  availability: SeerSchedule["weekly"];
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
  dailyCap: number | null;
}

export const rulesOf = (seer: Omit<ScheduleSeer, "id" | "timezone" | "availability">): ScheduleRules => ({
  bufferBeforeMinutes: seer.bufferBeforeMinutes,
  bufferAfterMinutes: seer.bufferAfterMinutes,
  noticeMinutes: seer.noticeMinutes,
  horizonDays: seer.horizonDays,
  dailyCap: seer.dailyCap,
});

/** Whether the Seer's rules read their other bookings (buffers, a daily cap): then a hold checks them under the lock. */
const rulesReadBookings = (rules: ScheduleRules): boolean =>
  rules.bufferBeforeMinutes > 0 || rules.bufferAfterMinutes > 0 || rules.dailyCap !== null;

/**
 * In a new hold's transaction: when buffers or a daily cap read the Seer's other bookings, they are read under the
 * Seer's slot lock (the one every hold takes), so that of clients racing for a day's last place one gets it; the
 * exclusion constraint alone sees only overlapping sessions. Refuses with CONFLICT, as a taken slot.
 */
export async function refuseUnderLock(
  tx: Queryable,
  seerId: string,
  schedule: SeerSchedule,
  startsAt: Date,
  minutes: number,
  now: Date,
): Promise<void> {
  if (!rulesReadBookings(schedule.rules)) return;
  await lockInTransaction(tx, seerSlotsKey(seerId));
  const { from, to } = windowAround(startsAt);
  const live = await liveBookingsBetween(tx, seerId, from, to, now);
  const refused = whyNotBookable({ ...schedule, bookings: live }, startsAt, minutes, now);
  if (refused) throw new AppError("CONFLICT", refused);
}

/**
 * The Seer's busy times from their own calendars between two instants, as the calendars module last read them. The one
 * place the schedule asks for them.
 */
export function externalBusy(db: Queryable, seerId: string, from: Date, to: Date): Promise<Interval[]> {
  return busyTimesBetween(db, seerId, from, to);
}

/** The Seer's overrides and time off that touch the Seer's dates from `from` to `to`. */
export async function overridesBetween(db: Queryable, seer: ScheduleSeer, from: Date, to: Date): Promise<DateOverride[]> {
  const rows = await db
    .select({
      startDate: seerDateOverrides.startDate,
      endDate: seerDateOverrides.endDate,
      kind: seerDateOverrides.kind,
      hours: seerDateOverrides.hours,
    })
    .from(seerDateOverrides)
    .where(
      and(
        eq(seerDateOverrides.seerId, seer.id),
        lte(seerDateOverrides.startDate, dateInTimeZone(to, seer.timezone)),
        gte(seerDateOverrides.endDate, dateInTimeZone(from, seer.timezone)),
      ),
    )
    .orderBy(seerDateOverrides.createdAt, seerDateOverrides.id);
  return rows;
}

/** The Seer's live bookings (confirmed, or held and not run out) meeting [from, to), but for `except`. */
export async function liveBookingsBetween(
  db: Queryable,
  seerId: string,
  from: Date,
  to: Date,
  now: Date,
  except?: string,
): Promise<Interval[]> {
  return db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.seerId, seerId),
        or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now))),
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`,
        except ? ne(bookings.id, except) : undefined,
      ),
    );
}

const DAY = 86_400_000;

/** The window around a start that its checks read: the Seer's whole day on either side, and the buffers. */
export const windowAround = (startsAt: Date): { from: Date; to: Date } => ({
  from: new Date(startsAt.getTime() - 2 * DAY),
  to: new Date(startsAt.getTime() + 2 * DAY),
});

/**
 * The Seer's schedule over [from, to): rules, overrides, external busy times and (unless `withBookings` is false)
 * live bookings but `except` (a booking being moved).
 */
export async function loadSchedule(
  db: Queryable,
  seer: ScheduleSeer,
  range: { from: Date; to: Date },
  now: Date,
  options: { withBookings?: boolean; except?: string } = {},
): Promise<SeerSchedule> {
  // Nothing is bookable past the longest horizon: a far date (the year 9999) reads nothing, and never overflows a
  // timestamp in the database.
  const to = new Date(Math.min(range.to.getTime(), now.getTime() + (MAX_HORIZON_DAYS + 2) * DAY));
  const from = new Date(Math.min(range.from.getTime(), to.getTime()));
  const [overrides, busy, live] = await Promise.all([
    overridesBetween(db, seer, from, to),
    externalBusy(db, seer.id, from, to),
    options.withBookings === false
      ? Promise.resolve([])
      : liveBookingsBetween(db, seer.id, from, to, now, options.except),
  ]);
  return { timezone: seer.timezone, weekly: seer.availability, rules: rulesOf(seer), overrides, bookings: live, busy };
}

/** A Seer's schedule columns by id (a booking's Seer, when it moves). */
export async function scheduleSeer(db: Queryable, seerId: string): Promise<ScheduleSeer | undefined> {
  const [row] = await db
    .select({ id: seers.id, ...scheduleColumns })
    .from(seers)
    .where(eq(seers.id, seerId))
    .limit(1);
  return row;
}
