import { and, eq, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { orderEvents, orderReturns, orders, type OrderItemSnapshot, type ReturnLine } from "../../../db/schema";
import { RETURN_WINDOW_DAYS } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import { ORDER_NOT_FOUND, type RequestReturnInput } from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import { isUniqueViolation, type WarnLog } from "../../platform/database";
import type { Outbox } from "../../platform/mail";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { UploadService } from "../uploads";
import { orderParts } from "../vendors";
import { RETURN_RECEIVED, returnMail } from "./mail";
import { orderAndLocale } from "./order-rows";
import type { createOrderQueries } from "./queries";
import type { createRefunds } from "./refunds";

export const RETURN_NOT_DELIVERED = "A return can be asked for once the order has been delivered.";
export const RETURN_TOO_LATE = `Returns can be asked for within ${RETURN_WINDOW_DAYS} days of delivery.`;
export const RETURN_EXISTS = "A return was already asked for this order.";
export const RETURN_PHOTO_INVALID = "Each photo must be one you uploaded for this return.";
export const RETURN_NOT_OPEN = "This return has already been decided.";
export const RETURN_NOT_ACCEPTED = "Only an accepted return can be received.";
export const RETURN_NOT_IN_ORDER = "That product is not in this order.";
export const RETURN_TOO_MANY = (name: string, bought: number) => `Only ${bought} of ${name} can be returned.`;

type Actor = { id: string };

/** The lines a return names, checked against the order's own: each bought, at most as many as were bought. */
function returnedLines(items: readonly OrderItemSnapshot[], asked: readonly ReturnLine[]): ReturnLine[] {
  const lines = new Map<string, number>();
  for (const a of asked) lines.set(a.productId, (lines.get(a.productId) ?? 0) + a.quantity);
  return [...lines].map(([productId, quantity]) => {
    const item = items.find((i) => i.productId === productId);
    if (!item) throw new AppError("BAD_REQUEST", RETURN_NOT_IN_ORDER);
    if (quantity > item.quantity) throw new AppError("BAD_REQUEST", RETURN_TOO_MANY(item.productName, item.quantity));
    return { productId, quantity };
  });
}

/**
 * When the parts a return takes from (all the order's, without lines) were all delivered: the latest of their
 * deliveries, or null while one is not.
 */
async function deliveredFor(
  tx: Queryable,
  order: { id: string; status: string; deliveredAt: Date | null; items: OrderItemSnapshot[] },
  lines: readonly ReturnLine[] | null,
): Promise<Date | null> {
  const taken = lines ? order.items.filter((i) => lines.some((l) => l.productId === i.productId)) : order.items;
  const times: (Date | null)[] = [];
  if (taken.some((i) => !i.vendorId)) times.push(order.status === "delivered" ? order.deliveredAt : null);
  const vendorIds = new Set(taken.flatMap((i) => (i.vendorId ? [i.vendorId] : [])));
  if (vendorIds.size > 0) {
    const parts = (await orderParts(tx, [order])).get(order.id) ?? [];
    for (const vendorId of vendorIds) times.push(parts.find((p) => p.vendorId === vendorId)?.shipment?.deliveredAt ?? null);
  }
  if (times.length === 0 || times.some((d) => d === null)) return null;
  return new Date(Math.max(...times.map((d) => d?.getTime() ?? 0)));
}

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
          .select(orderAndLocale)
          .from(orders)
          .where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id)))
          .for("update");
        if (!order || order.status === "pending") throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
        const lines = input.lines ? returnedLines(order.items, input.lines) : null;
        // Each part the return takes from must have been delivered: the platform's lines with the order, a vendor's
        // with their part (issue #46); the 7 days run from the latest of those deliveries.
        const deliveredAt = await deliveredFor(tx, order, lines);
        if (!deliveredAt) throw new AppError("CONFLICT", RETURN_NOT_DELIVERED);
        if (now.getTime() - deliveredAt.getTime() > RETURN_WINDOW_DAYS * 86_400_000)
          throw new AppError("CONFLICT", RETURN_TOO_LATE);
        const photoIds: string[] = [];
        for (const url of input.photoUrls) {
          const photo = await uploads.findOwned(tx, user.id, url, "return-photo");
          if (!photo) throw new AppError("BAD_REQUEST", RETURN_PHOTO_INVALID);
          photoIds.push(photo.id);
        }
        await tx.insert(orderReturns).values({ orderId: order.id, reason: input.reason, photoIds, lines, createdAt: now });
        await outbox.send(
          `return-requested:${order.id}`,
          returnMail(order, { step: "requested" }, config.publicUrl, order.locale),
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
      const [order] = await tx.select(orderAndLocale).from(orders).where(eq(orders.id, input.orderId));
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
      const message = returnMail(
        order,
        { step: input.accept ? "accepted" : "declined", note: input.note },
        config.publicUrl,
        order.locale,
      );
      await outbox.send(`return-decided:${order.id}`, message, { tx });
    });
    return orderDetail(input.orderId);
  }

  /** The parcel is back: the refund of everything left (with the stock put back) follows, through refunds.ts. */
  async function receiveReturn(actor: AdminActor, orderId: string, requestLog?: WarnLog) {
    const now = clock.now();
    const returned = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orderReturns)
        .set({ status: "received", receivedAt: now })
        .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, "accepted"), isNull(orderReturns.receivedAt)))
        .returning({ id: orderReturns.id, lines: orderReturns.lines });
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
      return changed.lines;
    });
    // A return of some lines refunds those lines only (their share taken back from their vendor in the ledger).
    const lines = returned ?? undefined;
    return refundOrder(actor, { orderId, reason: RETURN_RECEIVED, ...(lines ? { lines } : {}) }, requestLog, {
      audited: false,
    });
  }

  return { requestReturn, decideReturn, receiveReturn };
}
