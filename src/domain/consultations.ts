/**
 * Consultation rules of docs/product.md#routes-and-screens/§9: session lengths 15, 30, 60 minutes (default 30), the 12 hourly
 * slots 09:00 to 20:00, the 20% platform commission, and the wall-clock -> instant conversion.
 */
import { TZDate, tzOffset } from "@date-fns/tz";
import { cents, percentOf, type Cents } from "./money";

import { SESSION_TYPES, sessionTypeOrDefault, type SessionType } from "./enums";

export { SESSION_TYPES, sessionTypeOrDefault, type SessionType };

export const SESSION_MINUTES: Record<SessionType, number> = { "15min": 15, "30min": 30, "60min": 60 };

/** Fixed hourly slots 09:00 to 20:00: 12 of them. */
export const TIME_SLOTS: readonly string[] = Array.from({ length: 12 }, (_, i) => `${String(9 + i).padStart(2, "0")}:00`);

export const isTimeSlot = (value: string): boolean => TIME_SLOTS.includes(value);

export const PLATFORM_FEE_PERCENT = 20;

/** An unpaid booking holds its slot this long, then frees it. */
export const BOOKING_HOLD_MINUTES = 15;

/** Clients book at most this many days ahead (the bookable horizon), counted from now to the session's start. */
export const BOOKABLE_HORIZON_DAYS = 90;
export const BEYOND_HORIZON_MESSAGE = "You can book at most 90 days ahead. Please choose an earlier date.";

/** The last calendar date (YYYY-MM-DD) a client may pick, `days` after `today` (also YYYY-MM-DD). */
export function lastBookableDate(today: string, days = BOOKABLE_HORIZON_DAYS): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** platformFee is 20% rounded to the cent; the Seer keeps the rest, so the two always add up exactly. */
export function splitCommission(amount: Cents): { platformFee: Cents; seerEarnings: Cents } {
  const platformFee = percentOf(amount, PLATFORM_FEE_PERCENT);
  return { platformFee, seerEarnings: cents(amount - platformFee) };
}

export function sessionPriceField(sessionType: SessionType): "price15Min" | "price30Min" | "price60Min" {
  return sessionType === "15min" ? "price15Min" : sessionType === "30min" ? "price30Min" : "price60Min";
}

/**
 * Zone names found valid, remembered: asking Intl means building a formatter, which costs more than the rest of a
 * booking's checks. Bounded, since Intl takes any letter case ('africa/accra').
 */
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 2000;

export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return false;
  }
  if (knownTimeZones.size < KNOWN_TIME_ZONES_MAX) knownTimeZones.add(name);
  return true;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/**
 * The absolute instant that a date (YYYY-MM-DD) and time (HH:MM) mean on the wall clock of a timezone
 * (@date-fns/tz). In a DST gap the time moves forward by the gap, as most calendars do.
 */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const dm = DATE.exec(date);
  const tm = TIME.exec(time);
  if (!dm || !tm) throw new RangeError(`Not a date and time: ${date} ${time}`);
  const zoned = new TZDate(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), Number(tm[1]), Number(tm[2]), timeZone);
  return new Date(zoned.getTime());
}

/**
 * The wall clock of a timezone at an instant, as a Date whose UTC fields read it: the instant moved by the zone's
 * offset then. One offset lookup, where a TZDate looks it up several times (each an Intl formatting: a booking's
 * checks and mails did this often enough to show in CPU profiles).
 */
const wallClock = (instant: Date, timeZone: string): Date => new Date(instant.getTime() + tzOffset(timeZone, instant) * 60_000);

/** The date (YYYY-MM-DD) on the wall clock of a timezone at an instant. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** "HH:MM" on the wall clock of a timezone at an instant. */
export function timeInTimeZone(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

export function sessionEnd(startsAt: Date, sessionType: SessionType): Date {
  return new Date(startsAt.getTime() + SESSION_MINUTES[sessionType] * 60_000);
}

export const meetingPath = (bookingId: string): string => `/meeting/${bookingId}`;
