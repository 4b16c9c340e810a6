import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { orderEvents, orders, vendorShipments, vendors, type OrderItemSnapshot } from "../../../db/schema";
import { trackingUrl } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import { PART_NOT_DELIVERABLE, VENDOR_ORDER_NOT_FOUND } from "../../../src/schemas/vendors";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import { vendorPartDeliveredEmail } from "./mail";
import { localeOfUser } from "../../platform/mail-links";

/** One vendor's part of an order: whose it is, which lines, and where its parcel stands. */
export interface OrderPart {
  vendorId: string;
  businessName: string;
  productIds: string[];
  shipment: {
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: Date;
    deliveredAt: Date | null;
  } | null;
}

/**
 * The vendors' parts of each order given (issue #46), by order id: an order with no vendor's line has none. The shop's
 * order pages (the shopper's and the admin's) and the returns read them; the platform's own lines are the order's.
 */
export async function orderParts(
  q: Queryable,
  list: readonly { id: string; items: readonly OrderItemSnapshot[] }[],
): Promise<Map<string, OrderPart[]>> {
  const parts = new Map<string, OrderPart[]>();
  const vendorIds = [...new Set(list.flatMap((o) => o.items.flatMap((i) => (i.vendorId ? [i.vendorId] : []))))];
  if (vendorIds.length === 0) return parts;
  const orderIds = list.filter((o) => o.items.some((i) => i.vendorId)).map((o) => o.id);
  const [names, shipments] = await Promise.all([
    q.select({ id: vendors.id, businessName: vendors.businessName }).from(vendors).where(inArray(vendors.id, vendorIds)),
    q.select().from(vendorShipments).where(inArray(vendorShipments.orderId, orderIds)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.businessName]));
  for (const order of list) {
    const byVendor = new Map<string, string[]>();
    for (const item of order.items)
      if (item.vendorId) byVendor.set(item.vendorId, [...(byVendor.get(item.vendorId) ?? []), item.productId]);
    if (byVendor.size === 0) continue;
    parts.set(
      order.id,
      [...byVendor].map(([vendorId, productIds]) => {
        const s = shipments.find((x) => x.orderId === order.id && x.vendorId === vendorId);
        return {
          vendorId,
          businessName: nameOf.get(vendorId) ?? "",
          productIds,
          shipment: s
            ? {
                carrier: s.carrier,
                trackingNumber: s.trackingNumber,
                trackingUrl: trackingUrl(s.carrier, s.trackingNumber, s.trackingLink),
                shippedAt: s.shippedAt,
                deliveredAt: s.deliveredAt,
              }
            : null,
        };
      }),
    );
  }
  return parts;
}

export interface DeliverPartDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  publicUrl: string;
}

/**
 * An admin marks a vendor's shipped part of an order delivered (`vendors.markDelivered`): once (a second time, or a
 * part not shipped, is refused and changes nothing), noted in the order's history and the audit log, mailed to the
 * shopper. Its 7-day return window, and the vendor's payout after it, start then.
 */
export async function markPartDelivered(
  { db, clock, outbox, publicUrl }: DeliverPartDeps,
  admin: AdminActor,
  input: { orderId: string; vendorId: string },
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [part] = await tx
      .update(vendorShipments)
      .set({ deliveredAt: now, deliveredBy: admin.id })
      .where(
        and(
          eq(vendorShipments.orderId, input.orderId),
          eq(vendorShipments.vendorId, input.vendorId),
          isNull(vendorShipments.deliveredAt),
        ),
      )
      .returning({ id: vendorShipments.id });
    const [order] = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        shippingEmail: orders.shippingEmail,
        shippingName: orders.shippingName,
        items: orders.items,
        locale: localeOfUser(orders.userId),
      })
      .from(orders)
      .where(eq(orders.id, input.orderId));
    if (!order || !order.items.some((i) => i.vendorId === input.vendorId))
      throw new AppError("NOT_FOUND", VENDOR_ORDER_NOT_FOUND);
    if (!part) throw new AppError("CONFLICT", PART_NOT_DELIVERABLE);
    const [vendor] = await tx.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.id, input.vendorId));
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, kind: "delivered", actorId: admin.id, data: { vendorId: input.vendorId }, createdAt: now });
    await recordAdminAction(tx, admin, {
      targetKind: "order",
      targetId: order.id,
      change: { ...input, before: { delivered: false }, after: { delivered: true } },
    });
    await outbox.send(
      `vendor-delivered:${order.id}:${input.vendorId}`,
      vendorPartDeliveredEmail(order, vendor?.businessName ?? "", publicUrl, order.locale),
      { tx },
    );
    return { orderId: order.id, vendorId: input.vendorId, deliveredAt: now };
  });
}
