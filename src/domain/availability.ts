/**
 * A Seer's weekly availability: per weekday (0 = Sunday) the hourly slots they offer, on the wall clock of
 * their own timezone. null means every one of the 12 slots on every day. A weekday missing from a
 * stored document is a closed day. Conversions go through the named zone, so daylight saving is the zone's.
 */
import { TIME_SLOTS, dateInTimeZone, timeInTimeZone, zonedDateTimeToInstant } from "./consultations";

export const WEEKDAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Monday first, as a working week is read. */
export const WEEKDAYS_MONDAY_FIRST: readonly Weekday[] = ["1", "2", "3", "4", "5", "6", "0"];

export type Availability = Partial<Record<Weekday, string[]>>;

/** Weekday (0 = Sunday) of a YYYY-MM-DD calendar date. */
export function weekdayOf(date: string): Weekday {
  return String(new Date(`${date}T12:00:00Z`).getUTCDay()) as Weekday;
}

/** The explicit form of an availability: every weekday with its slots in slot order (null = everything). */
export function expandAvailability(availability: Availability | null): Record<Weekday, string[]> {
  const result = {} as Record<Weekday, string[]>;
  for (const day of WEEKDAYS) {
    const slots = availability === null ? TIME_SLOTS : (availability[day] ?? []);
    result[day] = TIME_SLOTS.filter((slot) => slots.includes(slot));
  }
  return result;
}

/** Whether the Seer offers a session starting at this instant: its weekday and time on the Seer's wall clock. */
export function offersInstant(availability: Availability | null, seerTimeZone: string, instant: Date): boolean {
  const time = timeInTimeZone(instant, seerTimeZone);
  if (!TIME_SLOTS.includes(time)) return false;
  if (availability === null) return true;
  const day = weekdayOf(dateInTimeZone(instant, seerTimeZone));
  return (availability[day] ?? []).includes(time);
}

/**
 * Of the 12 times a client sees for a date in their timezone, those the Seer does not offer. A time the
 * client's zone skips (a DST gap) never names a real slot of its own and is not offered.
 */
export function notOfferedTimes(
  availability: Availability | null,
  seerTimeZone: string,
  clientDate: string,
  clientTimeZone: string,
): string[] {
  return TIME_SLOTS.filter((time) => {
    const instant = zonedDateTimeToInstant(clientDate, time, clientTimeZone);
    const real = timeInTimeZone(instant, clientTimeZone) === time;
    return !real || !offersInstant(availability, seerTimeZone, instant);
  });
}
