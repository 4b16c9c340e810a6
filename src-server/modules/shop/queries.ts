import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { orderEvents, orderReturns, orders, users, type OrderEventKind } from "../../../db/schema";
import { BOUGHT_ORDER_STATUSES } from "../../../src/domain/orders";
import { trackingUrl } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_NOT_FOUND,
  adminOrderListSchema,
  type AdminOrderListInput,
} from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import { escapeLike } from "../../platform/database";
import { orderParts } from "../vendors";
import { refundedIn, type RefundData } from "./order-rows";

/** A refund made in the provider's dashboard is shown as made by it. */
export const PROVIDER_ACTOR = "the payment provider";

/** The order in which an order's actions follow one another, for those recorded at the same instant. */
const HISTORY_ORDER = `{${(
  ["shipped", "delivered", "return_accepted", "return_declined", "return_received", "refund"] satisfies OrderEventKind[]
).join(",")}}`;

/** An order that was bought (not an unpaid checkout): an admin's, or for the back office's own operations. */
export async function findOrder(q: Queryable, orderId: string) {
  const [order] = await q.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.status === "pending") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
  return order;
}

/** The back office's reads (`orders.list`, `orders.detail`): every order, and one with what was done to it. */
export function createOrderQueries({ db }: { db: Db }) {
  async function listOrders(input: AdminOrderListInput) {
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
        lines: orderReturns.lines,
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

  async function orderDetail(orderId: string) {
    const order = await findOrder(db, orderId);
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
    const refunded = refundedIn(history);
    const [ret, parts] = await Promise.all([returnOf(orderId), orderParts(db, [order])]);
    return {
      ...order,
      return: ret,
      /** The vendors' parts (issue #46), each shipped and delivered on its own. */
      parts: parts.get(orderId) ?? [],
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

  return { listOrders, orderDetail };
}

const ownOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  items: orders.items,
  subtotal: orders.subtotal,
  shippingCost: orders.shippingCost,
  total: orders.total,
  currency: orders.currency,
  shippingMethod: orders.shippingMethod,
  status: orders.status,
  trackingNumber: orders.trackingNumber,
  trackingCarrier: orders.trackingCarrier,
  trackingLink: orders.trackingLink,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  refundedAmount: orders.refundedAmount,
  /** A return asked for, and where it stands. */
  returnStatus: orderReturns.status,
  returnNote: orderReturns.decisionNote,
  /** The lines the return takes back; null for the whole order. */
  returnLines: orderReturns.lines,
} as const;

/**
 * A person's own orders and their returns, newest first, for their profile: what they bought (refunded ones too) and
 * the checkout they are paying for; an abandoned checkout (its reservation ran out) was never bought. Each with the
 * carrier's page for the parcel, once shipped. The most recent `limit` of them.
 */
export async function ordersOf({ db, clock }: { db: Db; clock: Clock }, userId: string, limit: number) {
  const bought = or(
    inArray(orders.status, [...BOUGHT_ORDER_STATUSES]),
    and(eq(orders.status, "pending"), gt(orders.reservationExpiresAt, clock.now())),
  );
  const rows = await db
    .select(ownOrderColumns)
    .from(orders)
    .leftJoin(orderReturns, eq(orderReturns.orderId, orders.id))
    .where(and(eq(orders.userId, userId), bought))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const parts = await orderParts(db, rows);
  return rows.map(({ trackingLink, ...o }) => ({
    ...o,
    trackingUrl: o.trackingCarrier && o.trackingNumber ? trackingUrl(o.trackingCarrier, o.trackingNumber, trackingLink) : null,
    /** The vendors' parts (issue #46): each one's tracking and delivery. */
    parts: parts.get(o.id) ?? [],
  }));
}

export type OwnOrder = Awaited<ReturnType<typeof ordersOf>>[number];
