import { and, asc, count, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import {
  orderEvents,
  orderReturns,
  orders,
  products,
  users,
  type OrderEventKind,
  type OrderItemSnapshot,
} from "../../../db/schema";
import type { OrderStatus } from "../../../src/domain/enums";
import { cents, formatMoney, multiplyCents, toCents, toDecimal, type Cents } from "../../../src/domain/money";
import { trackingUrl } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_NOT_FOUND,
  adminOrderListSchema,
  type AdminOrderListInput,
  type RefundOrderInput,
} from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import { escapeLike, type WarnLog } from "../../platform/database";
import type { JobQueue } from "../../platform/jobs";
import type { MailMessage, Outbox } from "../../platform/mail";
import { metrics } from "../../platform/metrics";
import type { PaymentProvider, RefundStatus } from "../../platform/payments/provider";
import { ORDER_CURRENCY } from "./orders";

export const NOT_SHIPPABLE = "Only a paid order that has not shipped can be marked as shipped.";
export const NOT_DELIVERABLE = "Only a shipped order can be marked as delivered.";
export const NOT_REFUNDABLE = "This order has nothing left to refund.";
export const TOO_MANY_REFUNDED = (name: string, left: number) => `Only ${left} of ${name} can still be refunded.`;
export const NOT_IN_ORDER = "That product is not in this order.";

const REFUND_JOB = "shop.order-refund";
const LOW_STOCK_JOB = "shop.low-stock-digest";

type Actor = { id: string };

/** The order in which an order's actions follow one another, for those recorded at the same instant. */
const HISTORY_ORDER = `{${(
  ["shipped", "delivered", "return_accepted", "return_declined", "return_received", "refund"] satisfies OrderEventKind[]
).join(",")}}`;

interface RefundData {
  lines: { productId: string; productName: string; quantity: number; amount: string }[];
  shipping: string;
  amount: string;
  reason: string;
  refundId?: string;
  /** A refund made outside the app (the provider's dashboard), recorded by syncRefunds, with the provider's status. */
  source?: "provider";
  status?: RefundStatus;
}

/** A refund made in the provider's dashboard, as the order's history shows it. */
export const REFUNDED_AT_PROVIDER = "made in the payment provider's dashboard";
export const PROVIDER_ACTOR = "the payment provider";
/** Refund statuses that count as money going back (a failed or cancelled refund gave nothing back). */
const LIVE_REFUND_STATUSES: readonly RefundStatus[] = ["pending", "requires_action", "succeeded"];

const money = (amount: string | Cents) => formatMoney(amount, ORDER_CURRENCY);

/**
 * The Sacred Market's back office (docs/product.md#admin-orders): the orders screen and page, and what an admin does
 * to a paid order (ship with a tracking number, mark delivered, refund in full or per line with the stock put back),
 * each recorded with who and when, and mailed to the shopper. Refunds go through a durable job keyed by the
 * recorded action, so a retried click or a crash never refunds twice.
 */
export function createBackOfficeService({
  db,
  clock,
  outbox,
  jobs,
  payments,
  config,
  log,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  payments: PaymentProvider;
  config: { publicUrl: string };
  /** The app's logger; a call made for a request passes that request's logger instead. */
  log?: WarnLog;
}) {
  /** Pays a recorded refund back through the provider; the event's id is the idempotency key, so it happens once. */
  async function payRefund(eventId: string): Promise<void> {
    const [row] = await db
      .select({ data: orderEvents.data, paymentIntentId: orders.paymentIntentId })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orderEvents.id, eventId));
    if (!row?.paymentIntentId) return;
    const data = row.data as unknown as RefundData;
    const refund = await payments.refund({
      paymentIntentId: row.paymentIntentId,
      amount: toCents(data.amount),
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
  jobs.define<{ eventId: string }>({
    name: REFUND_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    run: ({ eventId }) => payRefund(eventId),
  });

  // Admins learn of low stock once a day (a digest, sent once per day however many instances run).
  jobs.define({
    name: LOW_STOCK_JOB,
    every: "0 7 * * *",
    run: async () => {
      await sendLowStockDigest();
    },
  });

  async function list(input: AdminOrderListInput) {
    const filter = adminOrderListSchema.parse(input);
    const conditions = [
      // Unpaid checkouts are not orders yet.
      sql`${orders.status} <> 'pending'`,
      filter.status ? eq(orders.status, filter.status) : undefined,
      filter.from ? gte(orders.createdAt, sql`${filter.from}::date`) : undefined,
      filter.to ? lt(orders.createdAt, sql`${filter.to}::date + 1`) : undefined,
      filter.search
        ? or(
            ilike(orders.orderNumber, `%${escapeLike(filter.search)}%`),
            ilike(orders.shippingEmail, `%${escapeLike(filter.search)}%`),
          )
        : undefined,
    ].filter((c) => c !== undefined);
    const where = and(...conditions);
    const [total] = await db.select({ n: count() }).from(orders).where(where);
    const items = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        shippingName: orders.shippingName,
        shippingEmail: orders.shippingEmail,
        total: orders.total,
        refundedAmount: orders.refundedAmount,
        status: orders.status,
        items: orders.items,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_ORDERS_PAGE_SIZE);
    return {
      items: items.map(({ items: lines, ...o }) => ({ ...o, itemCount: lines.reduce((n, l) => n + l.quantity, 0) })),
      total: total?.n ?? 0,
      page: filter.page,
      pageSize: ADMIN_ORDERS_PAGE_SIZE,
    };
  }

  async function load(orderId: string, q: Queryable = db) {
    const [order] = await q.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order || order.status === "pending") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    return order;
  }

  /** What is left to refund of each line: its quantity less every earlier refund of it. */
  function refundedQuantities(events: { kind: string; data: Record<string, unknown> }[]): Map<string, number> {
    const done = new Map<string, number>();
    for (const e of events) {
      if (e.kind !== "refund") continue;
      for (const line of (e.data as unknown as RefundData).lines)
        done.set(line.productId, (done.get(line.productId) ?? 0) + line.quantity);
    }
    return done;
  }

  async function returnOf(orderId: string) {
    const [row] = await db
      .select({
        status: orderReturns.status,
        reason: orderReturns.reason,
        photoIds: orderReturns.photoIds,
        decisionNote: orderReturns.decisionNote,
        decidedAt: orderReturns.decidedAt,
        receivedAt: orderReturns.receivedAt,
        createdAt: orderReturns.createdAt,
        decidedByFirst: users.firstName,
        decidedByLast: users.lastName,
      })
      .from(orderReturns)
      .leftJoin(users, eq(users.id, orderReturns.decidedBy))
      .where(eq(orderReturns.orderId, orderId));
    if (!row) return null;
    const { photoIds, decidedByFirst, decidedByLast, ...rest } = row;
    return {
      ...rest,
      photoUrls: photoIds.map((id) => `/api/uploads/${id}`),
      decidedBy: [decidedByFirst, decidedByLast].filter(Boolean).join(" ") || null,
    };
  }

  async function detail(orderId: string) {
    const order = await load(orderId);
    const history = await db
      .select({
        id: orderEvents.id,
        kind: orderEvents.kind,
        data: orderEvents.data,
        createdAt: orderEvents.createdAt,
        actorFirst: users.firstName,
        actorLast: users.lastName,
        actorEmail: users.email,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, orderId))
      // Actions of the same instant (a return received and its refund) in the order they follow one another.
      .orderBy(
        asc(orderEvents.createdAt),
        sql`array_position(${HISTORY_ORDER}::text[], ${orderEvents.kind})`,
        asc(orderEvents.id),
      );
    const refunded = refundedQuantities(history);
    return {
      ...order,
      return: await returnOf(orderId),
      trackingUrl:
        order.trackingCarrier && order.trackingNumber
          ? trackingUrl(order.trackingCarrier, order.trackingNumber, order.trackingLink)
          : null,
      lines: order.items.map((line) => ({ ...line, refundedQuantity: refunded.get(line.productId) ?? 0 })),
      history: history.map((h) => ({
        id: h.id,
        kind: h.kind,
        data: h.data,
        at: h.createdAt,
        by:
          [h.actorFirst, h.actorLast].filter(Boolean).join(" ") ||
          h.actorEmail ||
          ((h.data as Partial<RefundData>).source === "provider" ? PROVIDER_ACTOR : "An admin"),
      })),
    };
  }

  async function ship(
    actor: Actor,
    input: { orderId: string; carrier: string; trackingNumber: string; trackingUrl?: string | undefined },
  ) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({
          status: "shipped",
          shippedAt: now,
          trackingCarrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingLink: input.carrier === "Other" ? (input.trackingUrl ?? null) : null,
        })
        .where(and(eq(orders.id, input.orderId), eq(orders.status, "paid")))
        .returning();
      if (!order) {
        await load(input.orderId, tx);
        throw new AppError("CONFLICT", NOT_SHIPPABLE);
      }
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "shipped",
        actorId: actor.id,
        data: { carrier: input.carrier, trackingNumber: input.trackingNumber },
        createdAt: now,
      });
      const link = trackingUrl(input.carrier, input.trackingNumber, order.trackingLink);
      await outbox.send(`order-shipped:${order.id}`, shippedMail(order, link), { tx });
    });
    return detail(input.orderId);
  }

  async function deliver(actor: Actor, orderId: string) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ status: "delivered", deliveredAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, "shipped")))
        .returning();
      if (!order) {
        await load(orderId, tx);
        throw new AppError("CONFLICT", NOT_DELIVERABLE);
      }
      await tx.insert(orderEvents).values({ orderId, kind: "delivered", actorId: actor.id, data: {}, createdAt: now });
      await outbox.send(`order-delivered:${order.id}`, deliveredMail(order), { tx });
    });
    return detail(orderId);
  }

  /**
   * A refund, in full (every line not yet refunded and the shipping) or of the given lines (their unit prices), with
   * their stock put back. The amount is computed here from the order's own snapshot, never taken from the request.
   */
  async function refund(actor: Actor, input: RefundOrderInput, requestLog: WarnLog | undefined = log) {
    const now = clock.now();
    const eventId = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
      if (!order || order.status === "pending") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
      if (!["paid", "shipped", "delivered"].includes(order.status)) throw new AppError("CONFLICT", NOT_REFUNDABLE);
      const earlier = await tx
        .select({ kind: orderEvents.kind, data: orderEvents.data })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      const refunded = refundedQuantities(earlier);
      const left = (line: OrderItemSnapshot) => line.quantity - (refunded.get(line.productId) ?? 0);
      const whole = !input.lines?.length;
      const wanted: { line: OrderItemSnapshot; quantity: number }[] = whole
        ? order.items.filter((l) => left(l) > 0).map((line) => ({ line, quantity: left(line) }))
        : (input.lines ?? []).map((w) => {
            const line = order.items.find((l) => l.productId === w.productId);
            if (!line) throw new AppError("BAD_REQUEST", NOT_IN_ORDER);
            if (w.quantity > left(line)) throw new AppError("BAD_REQUEST", TOO_MANY_REFUNDED(line.productName, left(line)));
            return { line, quantity: w.quantity };
          });
      const lines = wanted.map(({ line, quantity }) => ({
        productId: line.productId,
        productName: line.productName,
        quantity,
        amount: toDecimal(multiplyCents(toCents(line.price), quantity)),
      }));
      const goods = cents(lines.reduce((sum, l) => sum + toCents(l.amount), 0));
      const alreadyRefunded = toCents(order.refundedAmount);
      const total = toCents(order.total);
      // A refund in full also returns the shipping, and whatever is left of the total.
      // Never more than is left of the payment (a refund made in the provider's dashboard counts too).
      const amount = whole ? cents(total - alreadyRefunded) : cents(Math.min(goods, total - alreadyRefunded));
      const shipping = cents(Math.max(0, amount - goods));
      if (amount <= 0) throw new AppError("CONFLICT", NOT_REFUNDABLE);
      const refundedNow = cents(alreadyRefunded + amount);
      const data: RefundData = { lines, shipping: toDecimal(shipping), amount: toDecimal(amount), reason: input.reason };
      const [event] = await tx
        .insert(orderEvents)
        .values({ orderId: order.id, kind: "refund", actorId: actor.id, data: { ...data }, createdAt: now })
        .returning({ id: orderEvents.id });
      if (!event) throw new Error("The refund was not recorded");
      for (const l of lines) {
        await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${l.quantity}` })
          .where(eq(products.id, l.productId));
      }
      await tx
        .update(orders)
        .set({ refundedAmount: toDecimal(refundedNow), ...(refundedNow >= total ? { status: "refunded" as OrderStatus } : {}) })
        .where(eq(orders.id, order.id));
      await jobs.send(REFUND_JOB, { eventId: event.id }, { key: event.id, tx });
      await outbox.send(`order-refund:${event.id}`, refundMail(order, amount, lines, input.reason), { tx });
      return event.id;
    });
    // Paid back at once when the provider answers; otherwise the job (stored with the refund) tries again.
    await payRefund(eventId).catch((err: unknown) => requestLog?.warn({ err, eventId }, "an order refund will be retried"));
    return detail(input.orderId);
  }

  /**
   * Reads a paid order's refunds back from the provider and applies those made outside the app (in the provider's
   * dashboard): one history row per refund id, with the provider's status; the refunded amount is the admins' refunds
   * plus the live outside ones (at most the total), and the order becomes `refunded` when that reaches its total.
   * A refund the app made itself is known by its event id (metadata) or refund id and is not counted twice. Applied
   * in any order and any number of times, the result is the same (the order's row lock serialises instances).
   */
  async function syncRefunds(paymentIntentId: string): Promise<void> {
    const [known] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentIntentId, paymentIntentId))
      .limit(1);
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
      for (const r of refunds) {
        if (r.amount <= 0) continue;
        if (r.metadata.eventId && recorded.some((e) => e.id === r.metadata.eventId)) continue;
        const existing = recorded.find((e) => e.data.refundId === r.id);
        if (existing && existing.data.source !== "provider") continue;
        outside.push({ amount: r.amount, status: r.status });
        if (!existing) {
          const data: RefundData = {
            lines: [],
            shipping: toDecimal(cents(0)),
            amount: toDecimal(cents(r.amount)),
            reason: REFUNDED_AT_PROVIDER,
            refundId: r.id,
            source: "provider",
            status: r.status,
          };
          await tx.insert(orderEvents).values({ orderId: order.id, kind: "refund", actorId: null, data: { ...data }, createdAt: now });
          metrics.refunds.inc({ kind: "order" });
        } else if (existing.data.status !== r.status) {
          await tx
            .update(orderEvents)
            .set({ data: sql`${orderEvents.data} || ${JSON.stringify({ status: r.status })}::jsonb` })
            .where(eq(orderEvents.id, existing.id));
        }
      }
      const byAdmins = recorded
        .filter((e) => e.data.source !== "provider")
        .reduce((sum, e) => sum + toCents(e.data.amount), 0);
      const byProvider = outside.filter((r) => LIVE_REFUND_STATUSES.includes(r.status)).reduce((sum, r) => sum + r.amount, 0);
      const total = toCents(order.total);
      const refunded = cents(Math.min(total, byAdmins + byProvider));
      const whole = refunded >= total && ["paid", "shipped", "delivered"].includes(order.status);
      if (refunded === toCents(order.refundedAmount) && !whole) return;
      await tx
        .update(orders)
        .set({ refundedAmount: toDecimal(refunded), ...(whole ? { status: "refunded" as OrderStatus } : {}) })
        .where(eq(orders.id, order.id));
    });
  }

  /** Active products at or below their threshold, the empty ones first. */
  async function lowStock() {
    return db
      .select({
        id: products.id,
        name: products.name,
        stockQuantity: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      })
      .from(products)
      .where(and(eq(products.isActive, true), sql`${products.stockQuantity} <= ${products.lowStockThreshold}`))
      .orderBy(asc(products.stockQuantity), asc(products.name));
  }

  async function sendLowStockDigest(): Promise<number> {
    const low = await lowStock();
    if (!low.length) return 0;
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, "admin"), sql`${users.deletedAt} is null`));
    const day = clock.now().toISOString().slice(0, 10);
    const text = [
      "These products are low on stock or sold out:",
      "",
      ...low.map(
        (p) =>
          `  ${p.name}: ${p.stockQuantity === 0 ? "out of stock" : `${p.stockQuantity} left`} (threshold ${p.lowStockThreshold})`,
      ),
      "",
      `Restock them from the admin console: ${config.publicUrl}/admin?tab=products`,
    ].join("\n");
    for (const a of admins) {
      await outbox.send(`low-stock:${day}:${a.email}`, {
        to: a.email,
        subject: `Low stock: ${low.length} product${low.length === 1 ? "" : "s"}`,
        text,
      });
    }
    return low.length;
  }

  function shippedMail(
    order: { shippingEmail: string; shippingName: string; orderNumber: string },
    link: string | null,
  ): MailMessage {
    return {
      to: order.shippingEmail,
      subject: `Your Sacred Market order ${order.orderNumber} has shipped`,
      text: [
        `Good news, ${order.shippingName}: your order ${order.orderNumber} is on its way.`,
        "",
        ...(link ? [`Follow your parcel: ${link}`] : []),
        `Your order: ${config.publicUrl}/profile`,
      ].join("\n"),
    };
  }

  function deliveredMail(order: { shippingEmail: string; shippingName: string; orderNumber: string }): MailMessage {
    return {
      to: order.shippingEmail,
      subject: `Your Sacred Market order ${order.orderNumber} was delivered`,
      text: [
        `Your order ${order.orderNumber} was delivered, ${order.shippingName}. We hope it serves you well.`,
        "",
        "Something not right? You can ask for a return within 7 days of delivery, from the order in your profile.",
        `${config.publicUrl}/profile`,
      ].join("\n"),
    };
  }

  function refundMail(
    order: { shippingEmail: string; shippingName: string; orderNumber: string },
    amount: Cents,
    lines: RefundData["lines"],
    reason: string,
  ): MailMessage {
    return {
      to: order.shippingEmail,
      subject: `A refund for your Sacred Market order ${order.orderNumber}`,
      text: [
        `We are refunding ${money(amount)} to your card for order ${order.orderNumber}, ${order.shippingName}.`,
        "",
        ...lines.map((l) => `  ${l.productName} x ${l.quantity}: ${money(l.amount)}`),
        "",
        `Reason: ${reason}`,
        "Refunds usually reach your card within 5-10 business days.",
      ].join("\n"),
    };
  }

  return { list, detail, ship, deliver, refund, syncRefunds, lowStock, sendLowStockDigest };
}
