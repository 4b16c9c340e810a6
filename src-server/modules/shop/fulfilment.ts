import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderEvents, orders } from "../../../db/schema";
import { trackingUrl } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import { deliveredMail, shippedMail } from "./mail";
import { orderAndLocale } from "./order-rows";
import { findOrder, type createOrderQueries } from "./queries";

export const NOT_SHIPPABLE = "Only a paid order that has not shipped can be marked as shipped.";
export const NOT_DELIVERABLE = "Only a shipped order can be marked as delivered.";

/**
 * An admin ships a paid order with a tracking number (`orders.ship`) and marks it delivered (`orders.deliver`); each
 * step is recorded with who and when, and mailed to the shopper. Both answer the order's page anew.
 */
export function createFulfilment({
  db,
  clock,
  outbox,
  config,
  orderDetail,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: { publicUrl: string };
  orderDetail: ReturnType<typeof createOrderQueries>["orderDetail"];
}) {
  async function shipOrder(
    actor: AdminActor,
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
        .returning(orderAndLocale);
      if (!order) {
        await findOrder(tx, input.orderId);
        throw new AppError("CONFLICT", NOT_SHIPPABLE);
      }
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "shipped",
        actorId: actor.id,
        data: { carrier: input.carrier, trackingNumber: input.trackingNumber },
        createdAt: now,
      });
      await recordAdminAction(tx, actor, {
        targetKind: "order",
        targetId: order.id,
        change: { ...input, before: { status: "paid" }, after: { status: order.status } },
      });
      const link = trackingUrl(input.carrier, input.trackingNumber, order.trackingLink);
      await outbox.send(`order-shipped:${order.id}`, shippedMail(order, link, config.publicUrl, order.locale), { tx });
    });
    return orderDetail(input.orderId);
  }

  async function deliverOrder(actor: AdminActor, orderId: string) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ status: "delivered", deliveredAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, "shipped")))
        .returning(orderAndLocale);
      if (!order) {
        await findOrder(tx, orderId);
        throw new AppError("CONFLICT", NOT_DELIVERABLE);
      }
      await tx.insert(orderEvents).values({ orderId, kind: "delivered", actorId: actor.id, data: {}, createdAt: now });
      await recordAdminAction(tx, actor, {
        targetKind: "order",
        targetId: orderId,
        change: { orderId, before: { status: "shipped" }, after: { status: order.status } },
      });
      await outbox.send(`order-delivered:${order.id}`, deliveredMail(order, config.publicUrl, order.locale), { tx });
    });
    return orderDetail(orderId);
  }

  return { shipOrder, deliverOrder };
}
