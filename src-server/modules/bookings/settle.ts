import { and, eq, lte } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { bookings } from "../../../db/schema";
import { ROOM_CLOSES_MINUTES_AFTER_END, sessionOutcome } from "../../../src/domain/after-payment";
import { toDecimal, toCents, cents } from "../../../src/domain/money";
import { executeRefund, REFUND_JOB } from "./cancel";
import type { BookingDeps } from "./deps";
import { reviewPromptMail, seerNoShowMail } from "./mail";
import { loadBookingMail } from "./mail-context";

const SETTLE_JOB = "bookings.settle";

/** Sessions that ended at or before this instant have had their room closed by `now`. */
const roomClosedSince = (now: Date) => new Date(now.getTime() - ROOM_CLOSES_MINUTES_AFTER_END * 60_000);

/**
 * A Seer's no-show (the Terms): the whole price is promised back and its refund job queued under the cancellations'
 * key shape, and both sides are mailed, all in the settling transaction; the refund itself runs after the commit.
 */
async function refundSeerNoShow(deps: BookingDeps, tx: Tx, b: { id: string; amount: string; refundedAmount: string }) {
  const due = toDecimal(toCents(b.amount));
  const refund = toDecimal(cents(toCents(b.amount) - toCents(b.refundedAmount)));
  await tx.update(bookings).set({ refundDue: due }).where(eq(bookings.id, b.id));
  if (toCents(refund) > 0) await deps.jobs.send(REFUND_JOB, { bookingId: b.id }, { key: `${b.id}:${due}`, tx });
  const mail = await loadBookingMail(tx, deps.config.publicUrl, b.id);
  if (!mail) return;
  for (const audience of ["client", "seer"] as const)
    await deps.outbox.send(
      `seer-no-show:${b.id}:${audience}`,
      seerNoShowMail(
        audience === "client" ? mail.clientEmail : mail.seerEmail,
        mail.data,
        audience,
        refund,
        audience === "client" ? mail.clientLocale : mail.seerLocale,
      ),
      { tx },
    );
}

/**
 * One ended session, settled by the room's records: completed (and its client asked for a review), the client's
 * no-show, or the Seer's, which refunds the client in full. The status changes only from `confirmed`, so a second run
 * or another instance finds nothing left to do.
 */
async function settle(deps: BookingDeps, bookingId: string): Promise<boolean> {
  const { db, clock, config, outbox, attendance } = deps;
  const status = sessionOutcome(attendance ? await attendance.whoJoined(bookingId) : null);
  const now = clock.now();
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status, completedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed"), lte(bookings.endsAt, roomClosedSince(now))))
      .returning({ id: bookings.id, amount: bookings.amount, refundedAmount: bookings.refundedAmount });
    if (!row) return false;
    if (status === "seer_no_show") await refundSeerNoShow(deps, tx, row);
    if (status === "completed") {
      const mail = await loadBookingMail(tx, config.publicUrl, bookingId);
      if (mail)
        await outbox.send(`review-prompt:${bookingId}`, reviewPromptMail(mail.clientEmail, mail.data, mail.clientLocale), { tx });
    }
    return true;
  });
  if (settled && status === "seer_no_show") {
    // The job stays as the safety net; this only makes the common case immediate.
    await executeRefund(deps, { bookingId }).catch((err: unknown) =>
      deps.log?.warn({ err, bookingId }, "refund deferred to its job"),
    );
  }
  return settled;
}

/**
 * Settles every confirmed session whose room has closed: completed, or a client's or a Seer's no-show as the room's
 * records show. One booking's failure is logged and skipped; the rest go on.
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
