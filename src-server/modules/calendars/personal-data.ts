import { eq } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { calendarFeeds, seerCalendars } from "../../../db/schema";

/**
 * A deleted account's calendars (account/data-rights.ts, in its transaction): the feed's address stops answering,
 * and a Seer's own calendars (their addresses, user names and stored passwords) go with their busy times.
 */
export async function forgetCalendars(tx: Queryable, userId: string, seerId: string | null): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (seerId) await tx.delete(seerCalendars).where(eq(seerCalendars.seerId, seerId));
}
