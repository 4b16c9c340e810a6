import { and, eq, lte } from "drizzle-orm";
import { bookings } from "../../../db/schema";
import { ROOM_CLOSES_MINUTES_AFTER_END } from "../../../src/domain/after-payment";
import type { BookingDeps } from "./deps";
import { reviewPromptMail } from "./mail";
import { loadBookingMail } from "./mail-context";

const SETTLE_JOB = "bookings.settle";

/** Sessions that ended at or before this instant have had their room closed by `now`. */
const roomClosedSince = (now: Date) => new Date(now.getTime() - ROOM_CLOSES_MINUTES_AFTER_END * 60_000);

/** One ended session: completed (and its client asked for a review), or no_show when the room says so. */
async function settle({ db, clock, config, outbox, attendance }: BookingDeps, bookingId: string): Promise<boolean> {
  const joined = attendance ? await attendance.clientJoined(bookingId) : null;
  const status = joined === false ? ("no_show" as const) : ("completed" as const);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status, completedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed"), lte(bookings.endsAt, roomClosedSince(now))))
      .returning({ id: bookings.id });
    if (!row) return false;
    if (status === "completed") {
      const mail = await loadBookingMail(tx, config.publicUrl, bookingId);
      if (mail) await outbox.send(`review-prompt:${bookingId}`, reviewPromptMail(mail.clientEmail, mail.data), { tx });
    }
    return true;
  });
}

/**
 * Settles every confirmed session whose room has closed: completed, or no_show when the room shows that the
 * client never joined. One booking's failure is logged and skipped; the rest go on.
 */
export async function settleEnded(deps: BookingDeps): Promise<number> {
  const ended = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), lte(bookings.endsAt, roomClosedSince(deps.clock.now()))))
    .limit(500);
  let settled = 0;
  for (const { id } of ended) {
    try {
      if (await settle(deps, id)) settled++;
    } catch (err) {
      deps.log?.warn({ err, bookingId: id }, "settling a session failed; it is tried again on the next run");
    }
  }
  return settled;
}

export function defineSettleJob(deps: BookingDeps): void {
  deps.jobs.define({ name: SETTLE_JOB, every: "* * * * *", run: () => settleEnded(deps).then(() => {}) });
}
