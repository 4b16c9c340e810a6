import { and, desc, eq, gt, inArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ReturnStatus } from "../../../src/domain/enums";
import { trackingUrl } from "../../../src/domain/shipping";
import { orderReturns, orders, type OrderItemSnapshot, type ShippingMethod } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import { clientSessions } from "../bookings";

/** A profile is a page, not an archive: the most recent of each are enough. */
export const PROFILE_LIST_LIMIT = 100;

export interface OwnOrder {
  id: string;
  orderNumber: string;
  createdAt: Date;
  items: OrderItemSnapshot[];
  subtotal: string;
  shippingCost: string;
  total: string;
  currency: string;
  shippingMethod: ShippingMethod;
  status: string;
  trackingNumber: string | null;
  trackingCarrier: string | null;
  /** The carrier's page for the parcel, once shipped. */
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  /** Refunded so far (in full or per line). */
  refundedAmount: string;
  /** A return asked for, and where it stands. */
  returnStatus: ReturnStatus | null;
  returnNote: string | null;
}

const orderColumns = {
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
} as const;

/**
 * What the profile page shows of the signed-in user's own consultations and orders. Every query is
 * scoped to the caller's id, so nobody sees another person's rows. Abandoned checkouts are left out:
 * a pending booking whose hold ran out, or a pending order whose reservation ran out, was never bought.
 */
export function createProfileService({ db, clock }: { db: Db; clock: Clock }) {
  /** The client's own sessions are the bookings module's read. */
  const consultations = (userId: string) => clientSessions({ db, clock }, userId, PROFILE_LIST_LIMIT);
  async function ordersOf(userId: string): Promise<OwnOrder[]> {
    const now = clock.now();
    const bought = or(
      inArray(orders.status, ["paid", "shipped", "delivered", "refunded"]),
      and(eq(orders.status, "pending"), gt(orders.reservationExpiresAt, now)),
    );
    const rows = await db
      .select({ ...orderColumns, returnStatus: orderReturns.status, returnNote: orderReturns.decisionNote })
      .from(orders)
      .leftJoin(orderReturns, eq(orderReturns.orderId, orders.id))
      .where(and(eq(orders.userId, userId), bought))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PROFILE_LIST_LIMIT);
    return rows.map(({ trackingLink, ...o }) => ({
      ...o,
      trackingUrl: o.trackingCarrier && o.trackingNumber ? trackingUrl(o.trackingCarrier, o.trackingNumber, trackingLink) : null,
    }));
  }

  return { consultations, orders: ordersOf };
}
