import { and, desc, eq, gt, or } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { bookings, reviews } from "../../../db/schema";

/** A person's own bookings as a client and their reviews, whole, for the export of their data (account.exportData). */
export async function clientBookingData(q: Queryable, userId: string) {
  return {
    consultations: await q.select().from(bookings).where(eq(bookings.clientId, userId)).orderBy(desc(bookings.startsAt)),
    reviews: await q.select().from(reviews).where(eq(reviews.clientId, userId)),
  };
}

/** Whether a Seer has a session still to come: confirmed, or held with its hold still running, and not yet ended. */
export async function seerHasUpcomingSession(q: Queryable, seerId: string, now: Date): Promise<boolean> {
  const [upcoming] = await q
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.seerId, seerId),
        gt(bookings.endsAt, now),
        or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now))),
      ),
    )
    .limit(1);
  return upcoming !== undefined;
}

/** A deleted account's words in its bookings and reviews (its notes, its comments) go; the rows stay for accounting. */
export async function forgetClientWords(q: Queryable, userId: string): Promise<void> {
  await q.update(bookings).set({ notes: null }).where(eq(bookings.clientId, userId));
  await q.update(reviews).set({ comment: null }).where(eq(reviews.clientId, userId));
}
