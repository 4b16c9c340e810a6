import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderEvents, orders } from "../../../db/schema";
import type { OrderStatus } from "../../../src/domain/enums";
import { cents, toCents, toDecimal, type Cents } from "../../../src/domain/money";
import { isPaidOrder, planOrderRefund, type RefundRefusal } from "../../../src/domain/orders";
import { AppError } from "../../../src/errors";
import { ORDER_NOT_FOUND, type RefundOrderInput } from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import type { WarnLog } from "../../platform/database";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import { metrics } from "../../platform/metrics";
import type { PaymentProvider, RefundStatus } from "../../platform/payments/provider";
import { refundMail } from "./mail";
import { localRefundAsk, refundBookCents } from "../bookings";
import { localChargeOfOrder, refundedIn, orderAndLocale, type RefundData } from "./order-rows";
import type { createOrderQueries } from "./queries";
import { restock } from "./stock";

export const NOT_REFUNDABLE = "This order has nothing left to refund.";
export const TOO_MANY_REFUNDED = (name: string, left: number) => `Only ${left} of ${name} can still be refunded.`;
export const NOT_IN_ORDER = "That product is not in this order.";
/** A refund made in the provider's dashboard, as the order's history shows it. */
export const REFUNDED_AT_PROVIDER = "made in the payment provider's dashboard";

const REFUND_JOB = "shop.order-refund";
/** Refund statuses that count as money going back (a failed or cancelled refund gave nothing back). */
const LIVE_REFUND_STATUSES: readonly RefundStatus[] = ["pending", "requires_action", "succeeded"];

/** The minor units of a local charge its standing refunds gave back (an admin's, or a live one made elsewhere). */
function localRefunded(refunds: readonly RefundData[]): number {
  const standing = (r: RefundData) => r.source !== "provider" || LIVE_REFUND_STATUSES.includes(r.status ?? "succeeded");
  return refunds.reduce((sum, r) => sum + (standing(r) ? (r.localAmount ?? 0) : 0), 0);
}

/**
 * What a planned refund gives back: its book value in cents and, for an order charged in another currency, its own
 * minor units, asked of the provider (issue #41). The plan's US dollar amount is converted at the charge's rate (all
 * that is left of the charge when the whole remaining total is refunded), and read back as what it adds to the book
 * value of everything refunded before it (`refundBookCents`, decision 133), so an order's refunds add up to its total.
 */
function valueRefund(
  order: Parameters<typeof localChargeOfOrder>[0] & { refundedAmount: string },
  earlier: readonly { kind: string; data: Record<string, unknown> }[],
  plan: { amount: Cents; refundedNow: Cents },
): { amount: Cents; localAmount?: number } {
  const local = localChargeOfOrder(order);
  if (!local) return { amount: plan.amount };
  const before = localRefunded(earlier.filter((e) => e.kind === "refund").map((e) => e.data as unknown as RefundData));
  const ask = localRefundAsk(local, {
    outstanding: plan.amount,
    due: plan.refundedNow,
    price: toCents(order.total),
    refundedLocal: before,
  });
  return { amount: cents(refundBookCents(local.rate, before, ask)), localAmount: ask };
}

function refused(refusal: RefundRefusal): AppError {
  switch (refusal.refused) {
    case "not-in-order":
      return new AppError("BAD_REQUEST", NOT_IN_ORDER);
    case "too-many":
      return new AppError("BAD_REQUEST", TOO_MANY_REFUNDED(refusal.productName, refusal.left));
    case "nothing-left":
      return new AppError("CONFLICT", NOT_REFUNDABLE);
  }
}

/** The audit log's row of an admin's refund: the input, its amount, the order's state before and after. */
function refundRecord(
  order: { id: string; status: OrderStatus; refundedAmount: string; total: string },
  input: RefundOrderInput,
  amount: Cents,
  refundedNow: Cents,
) {
  const status = refundedNow >= toCents(order.total) ? "refunded" : order.status;
  return {
    targetKind: "order",
    targetId: order.id,
    change: {
      ...input,
      amount: toDecimal(amount),
      before: { status: order.status, refundedAmount: order.refundedAmount },
      after: { status, refundedAmount: toDecimal(refundedNow) },
    },
  };
}

/** Pays a recorded refund back through the provider; the event's id is the idempotency key, so it happens once. */
async function payRefund({ db, payments }: { db: Db; payments: PaymentProvider }, eventId: string): Promise<void> {
  const [row] = await db
    .select({ data: orderEvents.data, paymentIntentId: orders.paymentIntentId })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.id, eventId));
  if (!row?.paymentIntentId) return;
  const data = row.data as unknown as RefundData;
  // An order charged in another currency is refunded in it: the minor units fixed when the refund was recorded.
  const refund = await payments.refund({
    paymentIntentId: row.paymentIntentId,
    amount: data.localAmount ?? toCents(data.amount),
    idempotencyKey: `refund:order-event:${eventId}`,
    metadata: { kind: "order", eventId },
  });
  if (data.refundId !== refund.id) {
    await db
      .update(orderEvents)
      .set({ data: sql`${orderEvents.data} || ${JSON.stringify({ refundId: refund.id })}::jsonb` })
      .where(eq(orderEvents.id, eventId));
    metrics.refunds.inc({ kind: "order" });
  }
}

/**
 * An admin's refund of a paid order (`orders.refund`), in full or per line with the stock put back, recorded with who
 * and when and mailed to the shopper, and the refunds made in the provider's dashboard read back. Refunds go through
 * a durable job keyed by the recorded action, so a retried click or a crash never refunds twice.
 */
export function createRefunds({
  db,
  clock,
  outbox,
  jobs,
  payments,
  log,
  orderDetail,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  payments: PaymentProvider;
  /** The app's logger; a call made for a request passes that request's logger instead. */
  log?: WarnLog | undefined;
  orderDetail: ReturnType<typeof createOrderQueries>["orderDetail"];
}) {
  jobs.define<{ eventId: string }>({
    name: REFUND_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    run: ({ eventId }) => payRefund({ db, payments }, eventId),
  });

  /**
   * A refund, in full (every line not yet refunded and the shipping) or of the given lines (their unit prices), with
   * their stock put back. The amount is computed from the order's own snapshot (src/domain/orders.ts), never taken
   * from the request. Audited, unless it ends an action that was (`audited: false`: a received return's refund).
   */
  async function refundOrder(actor: AdminActor, input: RefundOrderInput, requestLog = log, { audited = true } = {}) {
    const now = clock.now();
    const eventId = await db.transaction(async (tx) => {
      const [order] = await tx.select(orderAndLocale).from(orders).where(eq(orders.id, input.orderId)).for("update");
      if (!order || order.status === "pending") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
      if (!isPaidOrder(order.status)) throw new AppError("CONFLICT", NOT_REFUNDABLE);
      const earlier = await tx
        .select({ kind: orderEvents.kind, data: orderEvents.data })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      const plan = planOrderRefund(order, refundedIn(earlier), input.lines);
      if ("refused" in plan) throw refused(plan);
      const { lines } = plan;
      const { amount, localAmount } = valueRefund(order, earlier, plan);
      if (amount <= 0 && !localAmount) throw new AppError("CONFLICT", NOT_REFUNDABLE);
      const refundedNow = cents(Math.min(toCents(order.total), toCents(order.refundedAmount) + amount));
      const data: RefundData = {
        lines,
        shipping: toDecimal(plan.shipping),
        amount: toDecimal(amount),
        ...(localAmount === undefined ? {} : { localAmount }),
        reason: input.reason,
      };
      const [event] = await tx
        .insert(orderEvents)
        .values({ orderId: order.id, kind: "refund", actorId: actor.id, data: { ...data }, createdAt: now })
        .returning({ id: orderEvents.id });
      if (!event) throw new Error("The refund was not recorded");
      await restock(tx, lines);
      const whole = refundedNow >= toCents(order.total);
      await tx
        .update(orders)
        .set({ refundedAmount: toDecimal(refundedNow), ...(whole ? { status: "refunded" as OrderStatus } : {}) })
        .where(eq(orders.id, order.id));
      if (audited) await recordAdminAction(tx, actor, refundRecord(order, input, amount, refundedNow));
      await jobs.send(REFUND_JOB, { eventId: event.id }, { key: event.id, tx });
      await outbox.send(`order-refund:${event.id}`, refundMail(order, amount, lines, input.reason, order.locale), { tx });
      return event.id;
    });
    // Paid back at once when the provider answers; otherwise the job (stored with the refund) tries again.
    await payRefund({ db, payments }, eventId).catch((err: unknown) =>
      requestLog?.warn({ err, eventId }, "an order refund will be retried"),
    );
    return orderDetail(input.orderId);
  }

  /**
   * Reads a paid order's refunds back from the provider and applies those made outside the app (in the provider's
   * dashboard): one history row per refund id, with the provider's status; the refunded amount is the admins' refunds
   * plus the live outside ones (at most the total), and the order becomes `refunded` when that reaches its total.
   * A refund the app made itself is known by its event id (metadata) or refund id and is not counted twice. Applied
   * in any order and any number of times, the result is the same (the order's row lock serialises instances).
   */
  async function syncRefunds(paymentIntentId: string): Promise<void> {
    const [known] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1);
    if (!known) return;
    const refunds = await payments.listRefunds(paymentIntentId);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for("update");
      // An order refunded because it sold out while being paid was never paid here: nothing to follow.
      if (!order?.paidAt) return;
      const events = await tx
        .select({ id: orderEvents.id, data: orderEvents.data })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "refund")));
      const recorded = events.map((e) => ({ id: e.id, data: e.data as unknown as RefundData }));
      const outside: { amount: number; status: RefundStatus }[] = [];
      // A refund of a local charge is read back as book cents at the charge's rate, valued once when first stored.
      const local = localChargeOfOrder(order);
      let localBefore = localRefunded(recorded.map((e) => e.data));
      for (const r of refunds) {
        if (r.amount <= 0) continue;
        if (r.metadata.eventId && recorded.some((e) => e.id === r.metadata.eventId)) continue;
        const existing = recorded.find((e) => e.data.refundId === r.id);
        if (existing && existing.data.source !== "provider") continue;
        const book = existing
          ? toCents(existing.data.amount)
          : local
            ? refundBookCents(local.rate, localBefore, r.amount)
            : r.amount;
        outside.push({ amount: book, status: r.status });
        if (!existing) {
          if (local && LIVE_REFUND_STATUSES.includes(r.status)) localBefore += r.amount;
          const data: RefundData = {
            lines: [],
            shipping: toDecimal(cents(0)),
            amount: toDecimal(cents(book)),
            ...(local ? { localAmount: r.amount } : {}),
            reason: REFUNDED_AT_PROVIDER,
            refundId: r.id,
            source: "provider",
            status: r.status,
          };
          await tx
            .insert(orderEvents)
            .values({ orderId: order.id, kind: "refund", actorId: null, data: { ...data }, createdAt: now });
          metrics.refunds.inc({ kind: "order" });
        } else if (existing.data.status !== r.status) {
          await tx
            .update(orderEvents)
            .set({ data: sql`${orderEvents.data} || ${JSON.stringify({ status: r.status })}::jsonb` })
            .where(eq(orderEvents.id, existing.id));
        }
      }
      const byAdmins = recorded.filter((e) => e.data.source !== "provider").reduce((sum, e) => sum + toCents(e.data.amount), 0);
      const byProvider = outside.filter((r) => LIVE_REFUND_STATUSES.includes(r.status)).reduce((sum, r) => sum + r.amount, 0);
      const total = toCents(order.total);
      const refunded = cents(Math.min(total, byAdmins + byProvider));
      const whole = refunded >= total && isPaidOrder(order.status);
      if (refunded === toCents(order.refundedAmount) && !whole) return;
      await tx
        .update(orders)
        .set({ refundedAmount: toDecimal(refunded), ...(whole ? { status: "refunded" as OrderStatus } : {}) })
        .where(eq(orders.id, order.id));
    });
  }

  return { refundOrder, syncRefunds };
}
