import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderEvents, orderReturns, orders } from "../../../db/schema";
import { RETURN_ADDRESS, RETURN_WINDOW_DAYS } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import { ORDER_NOT_FOUND, type RequestReturnInput } from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import { isUniqueViolation, type WarnLog } from "../../platform/database";
import type { Outbox } from "../../platform/mail";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { UploadService } from "../uploads";
import { returnMail } from "./mail";
import type { createOrderQueries } from "./queries";
import type { createRefunds } from "./refunds";

export const RETURN_NOT_DELIVERED = "A return can be asked for once the order has been delivered.";
export const RETURN_TOO_LATE = `Returns can be asked for within ${RETURN_WINDOW_DAYS} days of delivery.`;
export const RETURN_EXISTS = "A return was already asked for this order.";
export const RETURN_PHOTO_INVALID = "Each photo must be one you uploaded for this return.";
export const RETURN_NOT_OPEN = "This return has already been decided.";
export const RETURN_NOT_ACCEPTED = "Only an accepted return can be received.";

type Actor = { id: string };

/**
 * Returns by the Terms (docs/product.md#admin): within 7 days of delivery the shopper asks, with a reason and photos;
 * an admin accepts (the refund follows when the parcel is received, with the stock put back) or declines with a
 * reason; the shopper is e-mailed at each step (`orders.requestReturn`, `orders.decideReturn`, `orders.receiveReturn`).
 */
export function createReturns({
  db,
  clock,
  outbox,
  uploads,
  config,
  orderDetail,
  refundOrder,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  uploads: UploadService;
  config: { publicUrl: string };
  orderDetail: ReturnType<typeof createOrderQueries>["orderDetail"];
  refundOrder: ReturnType<typeof createRefunds>["refundOrder"];
}) {
  async function requestReturn(user: Actor, input: RequestReturnInput) {
    const now = clock.now();
    try {
      await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id)))
          .for("update");
        if (!order || order.status === "pending") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
        if (order.status !== "delivered" || !order.deliveredAt) throw new AppError("CONFLICT", RETURN_NOT_DELIVERED);
        if (now.getTime() - order.deliveredAt.getTime() > RETURN_WINDOW_DAYS * 86_400_000)
          throw new AppError("CONFLICT", RETURN_TOO_LATE);
        const photoIds: string[] = [];
        for (const url of input.photoUrls) {
          const photo = await uploads.findOwned(tx, user.id, url, "return-photo");
          if (!photo) throw new AppError("BAD_REQUEST", RETURN_PHOTO_INVALID);
          photoIds.push(photo.id);
        }
        await tx.insert(orderReturns).values({ orderId: order.id, reason: input.reason, photoIds, createdAt: now });
        await outbox.send(
          `return-requested:${order.id}`,
          mail(order, `We received your return request for order ${order.orderNumber}`, [
            "Thank you. An admin will look at your request and the photos, and we will e-mail you the decision.",
          ]),
          { tx },
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, "order_returns_order_id_unique")) throw new AppError("CONFLICT", RETURN_EXISTS);
      throw error;
    }
    return { status: "requested" as const };
  }

  async function decideReturn(actor: AdminActor, input: { orderId: string; accept: boolean; note?: string | undefined }) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orderReturns)
        .set({
          status: input.accept ? "accepted" : "declined",
          decisionNote: input.note ?? null,
          decidedBy: actor.id,
          decidedAt: now,
        })
        .where(and(eq(orderReturns.orderId, input.orderId), eq(orderReturns.status, "requested")))
        .returning({ id: orderReturns.id });
      if (!changed) {
        const [exists] = await tx
          .select({ id: orderReturns.id })
          .from(orderReturns)
          .where(eq(orderReturns.orderId, input.orderId));
        if (!exists) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
        throw new AppError("CONFLICT", RETURN_NOT_OPEN);
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
      if (!order) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
      // The order's history shows the decision with who made it and when.
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: input.accept ? "return_accepted" : "return_declined",
        actorId: actor.id,
        data: input.note ? { note: input.note } : {},
        createdAt: now,
      });
      await recordAdminAction(tx, actor, {
        targetKind: "order",
        targetId: order.id,
        change: {
          ...input,
          before: { returnStatus: "requested" },
          after: { returnStatus: input.accept ? "accepted" : "declined" },
        },
      });
      const message = input.accept
        ? mail(order, `Your return for order ${order.orderNumber} is accepted`, [
            `Please send the items back to: ${RETURN_ADDRESS}.`,
            "We refund your card as soon as the parcel reaches us.",
            ...(input.note ? [input.note] : []),
          ])
        : mail(order, `Your return for order ${order.orderNumber} was declined`, [`Reason: ${input.note ?? ""}`]);
      await outbox.send(`return-decided:${order.id}`, message, { tx });
    });
    return orderDetail(input.orderId);
  }

  /** The parcel is back: the refund of everything left (with the stock put back) follows, through refunds.ts. */
  async function receiveReturn(actor: AdminActor, orderId: string, requestLog?: WarnLog) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orderReturns)
        .set({ status: "received", receivedAt: now })
        .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, "accepted"), isNull(orderReturns.receivedAt)))
        .returning({ id: orderReturns.id });
      if (!changed) {
        const [exists] = await tx.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.orderId, orderId));
        if (!exists) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
        throw new AppError("CONFLICT", RETURN_NOT_ACCEPTED);
      }
      await tx.insert(orderEvents).values({ orderId, kind: "return_received", actorId: actor.id, data: {}, createdAt: now });
      // One audit row for the admin's action: the refund that follows is part of it.
      await recordAdminAction(tx, actor, {
        targetKind: "order",
        targetId: orderId,
        change: { orderId, before: { returnStatus: "accepted" }, after: { returnStatus: "received" }, refund: "Return received" },
      });
    });
    return refundOrder(actor, { orderId, reason: "Return received" }, requestLog, { audited: false });
  }

  const mail = (order: { shippingEmail: string; shippingName: string }, subject: string, lines: string[]) =>
    returnMail(order, subject, lines, config.publicUrl);

  return { requestReturn, decideReturn, receiveReturn };
}
