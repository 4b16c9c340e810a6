/**
 * Whether a consultation may start at an instant: the one rule a new hold, a client's move and a Seer's proposal
 * all apply. Pure: instants, the Seer's weekly availability and its zone.
 */
import { offersInstant, type Availability } from "./availability";
import { BEYOND_HORIZON_MESSAGE, BOOKABLE_HORIZON_DAYS } from "./consultations";
import { NOT_AVAILABLE_MESSAGE } from "../schemas/dashboard";

export const SLOT_PASSED = "This time slot has already passed. Please choose another.";
export const SAME_TIME = "Choose a time other than the current one.";

/**
 * Why a session may not start at `startsAt` (null when it may): passed, beyond the bookable horizon, the time it
 * has already (`current`, when moving one), or not offered by the Seer's week, read on the Seer's wall clock.
 */
export function whyNotBookable(
  startsAt: Date,
  now: Date,
  seer: { availability: Availability | null; timezone: string },
  current?: Date,
): string | null {
  if (startsAt.getTime() <= now.getTime()) return SLOT_PASSED;
  if (startsAt.getTime() > now.getTime() + BOOKABLE_HORIZON_DAYS * 86_400_000) return BEYOND_HORIZON_MESSAGE;
  if (current && startsAt.getTime() === current.getTime()) return SAME_TIME;
  if (!offersInstant(seer.availability, seer.timezone, startsAt)) return NOT_AVAILABLE_MESSAGE;
  return null;
}
