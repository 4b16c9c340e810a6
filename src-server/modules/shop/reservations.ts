import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import type { JobQueue } from "../../platform/jobs";
import { retrieveOrForgotten, type PaymentIntent, type PaymentProvider } from "../../platform/payments/provider";
import { restock } from "./stock";

/*
 * Stock is never oversold: it is RESERVED when the order is created (checkout.ts), in the same transaction that
 * inserts the order. The reservation lasts ORDER_RESERVATION_MINUTES; an unpaid order is then released here (its
 * intent cancelled at the provider first, so it can no longer be paid) and its stock put back. A declined card keeps
 * the reservation so the shopper can retry with another card. Should a payment still succeed for a released order,
 * the stock is taken again if it is there, else the payment is refunded (confirm-payment.ts).
 */
export const ORDER_RESERVATION_MINUTES = 30;
const RELEASE_JOB = "shop.release-reservations";

export function createReservations({
  db,
  clock,
  payments,
  jobs,
  applySucceededIntent,
  log,
}: {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  jobs: JobQueue;
  /** An intent found paid when its order was to be released is confirmed instead. */
  applySucceededIntent: (intent: PaymentIntent) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void } | undefined;
}) {
  // Unpaid orders give their reserved stock back: every minute, once across all instances.
  jobs.define({
    name: RELEASE_JOB,
    every: "* * * * *",
    run: async () => {
      const { failed } = await releaseExpired();
      for (const { id, error } of failed) log?.warn({ err: error, orderId: id }, "an expired order could not be released");
    },
  });

  /** Puts a pending order's stock back, once: only the call that moves it out of pending restocks. */
  async function releaseReservation(orderId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [released] = await tx
        .update(orders)
        .set({ status: "cancelled", reservationExpiresAt: null })
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
        .returning({ items: orders.items });
      if (!released) return false;
      await restock(tx, released.items);
      return true;
    });
  }

  /**
   * Cancels the intent first, so that a released order can no longer be paid; an intent that
   * turns out to have succeeded is confirmed instead, and one still processing is left to its webhook.
   * An intent the provider no longer knows (test mode after a restart) can never be paid: it counts as cancelled.
   */
  async function cancelAndRelease(order: { id: string; paymentIntentId: string | null }): Promise<boolean> {
    if (order.paymentIntentId) {
      try {
        await payments.cancelPaymentIntent(order.paymentIntentId);
      } catch {
        // Stripe refuses to cancel a succeeded or processing intent; its status below decides.
      }
      const intent = await retrieveOrForgotten(payments, order.paymentIntentId);
      if (intent?.status === "succeeded") {
        // Paid after all: confirm it; a failure here is the shopper's own confirmation's (or webhook's) to report.
        await applySucceededIntent(intent).catch(() => undefined);
        return false;
      }
      if (intent && intent.status !== "canceled") return false;
    }
    return releaseReservation(order.id);
  }

  /**
   * Releases every reservation that has run out; run on a timer and before a checkout finds stock missing. Each
   * order is handled on its own: one that fails is collected in `failed` (for the caller to log) and the sweep
   * goes on with the rest.
   */
  async function releaseExpired() {
    const expired = await db
      .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.reservationExpiresAt, clock.now())))
      .orderBy(asc(orders.reservationExpiresAt))
      .limit(100);
    // What the sweep did: how many it released, and the orders it could not handle (skipped, for the caller to log).
    const outcome = { released: 0, failed: [] as { id: string; error: unknown }[] };
    for (const order of expired) {
      try {
        if (await cancelAndRelease(order)) outcome.released++;
      } catch (error) {
        outcome.failed.push({ id: order.id, error });
      }
    }
    return outcome;
  }

  /** A new checkout supersedes the shopper's earlier unpaid ones, so their own old reservation never blocks them. */
  async function releaseEarlierCheckouts(earlier: readonly { id: string; paymentIntentId: string | null }[]): Promise<void> {
    // One stuck order of theirs must not stop the shopper from checking out: it is left for the sweep to retry.
    for (const order of earlier) await cancelAndRelease(order).catch(() => false);
  }

  return { releaseExpired, releaseReservation, releaseEarlierCheckouts };
}
