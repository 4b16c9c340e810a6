import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { seerCalendarBusy } from "../../db/schema";

/**
 * A Seer's busy times from their own calendars that meet [from, to), as last read (issue #42). Written by the calendars
 * module's reads, read by the bookings module's schedule: a platform read, as exchange rates are, so that neither
 * module imports the other (calendars reads the bookings for its feeds).
 */
export async function busyTimesBetween(
  db: Queryable,
  seerId: string,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  return db
    .select({ start: seerCalendarBusy.startsAt, end: seerCalendarBusy.endsAt })
    .from(seerCalendarBusy)
    .where(and(eq(seerCalendarBusy.seerId, seerId), lt(seerCalendarBusy.startsAt, to), gt(seerCalendarBusy.endsAt, from)))
    .orderBy(asc(seerCalendarBusy.startsAt));
}
