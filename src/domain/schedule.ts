/**
 * A Seer's schedule (issue #42): weekly hours, date overrides and time off, and the rules (buffers, minimum notice,
 * how far ahead, sessions a day). One pure rule, `whyNotBookable`, says whether a session may start at an instant;
 * `bookableSlots` lists every start the rule allows in a range. The slots query, the booking wizard, rescheduling and
 * the server's refusal of a hold or a move all ask these two, so they never disagree.
 *
 * Weekly hours and overrides are on the Seer's wall clock, read through the named zone (@date-fns/tz), so a DST
 * change neither shifts nor drops an hour. Each session occupies its own time plus the buffer before and after it;
 * two occupied spans never overlap. An external busy time (a Seer's own calendar) has no buffers of its own.
 */
import { offersInstant, type Availability } from "./availability";
import { dateInTimeZone, timeInTimeZone } from "./consultations";
import { NOT_AVAILABLE_MESSAGE } from "../schemas/dashboard";

export const BUFFER_MINUTES = [0, 5, 10, 15, 30] as const;
export const NOTICE_MINUTES = [0, 60, 120, 240, 720, 1440, 2880] as const;
export const MAX_HORIZON_DAYS = 365;
export const MAX_DAILY_CAP = 12;

export interface ScheduleRules {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
  /** At most this many live sessions on one of the Seer's days; null: no cap. */
  dailyCap: number | null;
}

/** What a Seer who never set rules gets: no buffers, 2 hours' notice, 90 days ahead, no cap. */
export const DEFAULT_RULES: ScheduleRules = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  noticeMinutes: 120,
  horizonDays: 90,
  dailyCap: null,
};

/** "HH:MM" on the Seer's wall clock; `end` may be "24:00" (midnight at the day's end). */
export interface HoursRange {
  start: string;
  end: string;
}

/** Time off (the days are closed) or a date's own hours, from startDate to endDate inclusive (Seer's dates). */
export interface DateOverride {
  startDate: string;
  endDate: string;
  kind: "time_off" | "hours";
  hours: HoursRange[];
}

export interface Interval {
  start: Date;
  end: Date;
}

export interface SeerSchedule {
  timezone: string;
  weekly: Availability | null;
  rules: ScheduleRules;
  overrides: readonly DateOverride[];
  /** The Seer's live bookings (a booking being moved is left out by the caller). */
  bookings: readonly Interval[];
  /** External busy times (the Seer's calendars). */
  busy: readonly Interval[];
}

export const SLOT_PASSED = "This time slot has already passed. Please choose another.";
export const SAME_TIME = "Choose a time other than the current one.";
export const SLOT_TAKEN = "This time slot is no longer available. Please choose another.";
export const TOO_CLOSE = "This time is too close to another session. Please choose another.";
export const DAY_FULL = "This Seer's day is fully booked. Please choose another date.";

export const tooSoonMessage = (noticeMinutes: number): string =>
  `This Seer needs ${noticeLabel(noticeMinutes)} notice. Please choose a later time.`;
export const beyondHorizonMessage = (days: number): string =>
  `You can book at most ${days} days ahead. Please choose an earlier date.`;

/** "2 hours", "30 minutes", "1 day": how a notice reads in messages and selects. */
export function noticeLabel(minutes: number): string {
  if (minutes % 1440 === 0 && minutes > 0) return minutes === 1440 ? "1 day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0 && minutes > 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Minutes since midnight of "HH:MM" ("24:00" is 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/** The override that governs a Seer's date: time off wins over hours, then the latest added (last in the list). */
export function overrideOn(overrides: readonly DateOverride[], date: string): DateOverride | null {
  let found: DateOverride | null = null;
  for (const o of overrides) {
    if (o.startDate > date || o.endDate < date) continue;
    if (o.kind === "time_off") return o;
    found = o;
  }
  return found;
}

/** Whether the Seer's hours (an override of the date, else the week) offer a session of `minutes` at `startsAt`. */
export function offeredBySchedule(
  schedule: Pick<SeerSchedule, "timezone" | "weekly" | "overrides">,
  startsAt: Date,
  minutes: number,
): boolean {
  const override = overrideOn(schedule.overrides, dateInTimeZone(startsAt, schedule.timezone));
  if (!override) return offersInstant(schedule.weekly, schedule.timezone, startsAt);
  if (override.kind === "time_off") return false;
  const start = minutesOf(timeInTimeZone(startsAt, schedule.timezone));
  if (start % 60 !== 0) return false;
  return override.hours.some((h) => minutesOf(h.start) <= start && start + minutes <= minutesOf(h.end));
}

const overlap = (a: Interval, b: Interval): boolean => a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** A session's time with its buffers around it. */
function occupied(rules: ScheduleRules, span: Interval): Interval {
  return {
    start: new Date(span.start.getTime() - rules.bufferBeforeMinutes * MINUTE),
    end: new Date(span.end.getTime() + rules.bufferAfterMinutes * MINUTE),
  };
}

/**
 * Why a session of `minutes` may not start at `startsAt` (null when it may), the first that applies of: passed, under
 * the minimum notice, beyond the Seer's horizon, the time it already has (`current`, when moving one), not offered by
 * the Seer's hours (time off, a date's own hours, the week), taken by another session, too close to another session or a busy time (with the
 * buffers), the Seer's day already full.
 */
export function whyNotBookable(
  schedule: SeerSchedule,
  startsAt: Date,
  minutes: number,
  now: Date,
  current?: Date,
): string | null {
  const { rules } = schedule;
  const at = startsAt.getTime();
  if (at <= now.getTime()) return SLOT_PASSED;
  if (at < now.getTime() + rules.noticeMinutes * MINUTE) return tooSoonMessage(rules.noticeMinutes);
  if (at > now.getTime() + rules.horizonDays * DAY) return beyondHorizonMessage(rules.horizonDays);
  if (current && at === current.getTime()) return SAME_TIME;
  if (!offeredBySchedule(schedule, startsAt, minutes)) return NOT_AVAILABLE_MESSAGE;
  const span = { start: startsAt, end: new Date(at + minutes * MINUTE) };
  if (schedule.bookings.some((b) => overlap(span, b))) return SLOT_TAKEN;
  const mine = occupied(rules, span);
  if (schedule.bookings.some((b) => overlap(mine, occupied(rules, b)))) return TOO_CLOSE;
  if (schedule.busy.some((b) => overlap(mine, b))) return TOO_CLOSE;
  if (rules.dailyCap !== null) {
    const day = dateInTimeZone(startsAt, schedule.timezone);
    const that = schedule.bookings.filter((b) => dateInTimeZone(b.start, schedule.timezone) === day).length;
    if (that >= rules.dailyCap) return DAY_FULL;
  }
  return null;
}

/** The step of candidate starts: every zone's offset is a whole number of quarter hours. */
export const SLOT_STEP_MINUTES = 15;

/** Every start in [range.from, range.to) on the quarter-hour grid that `whyNotBookable` allows. */
export function bookableSlots(schedule: SeerSchedule, range: { from: Date; to: Date }, minutes: number, now: Date): Date[] {
  const step = SLOT_STEP_MINUTES * MINUTE;
  const slots: Date[] = [];
  for (let t = Math.ceil(range.from.getTime() / step) * step; t < range.to.getTime(); t += step) {
    const start = new Date(t);
    if (whyNotBookable(schedule, start, minutes, now) === null) slots.push(start);
  }
  return slots;
}
