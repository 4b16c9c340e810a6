import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { ledgerEntries, orderEvents, orderReturns, orders, vendorShipments } from "../../../db/schema";
import { trackingUrl } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import type { shipOrderSchema } from "../../../src/schemas/shop";
import { PART_ALREADY_SHIPPED, PART_NOT_SHIPPABLE, VENDOR_ORDER_NOT_FOUND } from "../../../src/schemas/vendors";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import { vendorPartShippedEmail } from "./mail";
import { vendorOf } from "./products";
import { localeOfUser } from "../../platform/mail-links";

/** How many of their orders a vendor's dashboard lists, newest first. */
const VENDOR_ORDERS_LIMIT = 100;

/** A paid order holding a line of this vendor's: the condition every read and write of their orders starts from. */
const holdsLineOf = (vendorId: string) =>
  and(isNotNull(orders.paidAt), sql`${orders.items} @> ${JSON.stringify([{ vendorId }])}::jsonb`);

/**
 * The paid orders holding a line of the vendor's, with only their own lines, what they need to ship them (the
 * buyer's shipping details) and their part's shipment. Another vendor's lines, and the order's totals, are not theirs.
 */
export async function vendorOrders(db: Db, userId: string) {
  const vendor = await vendorOf(db, userId);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      items: orders.items,
      paidAt: orders.paidAt,
      shippingName: orders.shippingName,
      shippingPhone: orders.shippingPhone,
      shippingAddress: orders.shippingAddress,
      shippingCountry: orders.shippingCountry,
      shippingMethod: orders.shippingMethod,
      carrier: vendorShipments.carrier,
      trackingNumber: vendorShipments.trackingNumber,
      trackingLink: vendorShipments.trackingLink,
      shippedAt: vendorShipments.shippedAt,
      deliveredAt: vendorShipments.deliveredAt,
      returnStatus: orderReturns.status,
      returnReason: orderReturns.reason,
      returnLines: orderReturns.lines,
    })
    .from(orders)
    .leftJoin(vendorShipments, and(eq(vendorShipments.orderId, orders.id), eq(vendorShipments.vendorId, vendor.id)))
    .leftJoin(orderReturns, eq(orderReturns.orderId, orders.id))
    .where(holdsLineOf(vendor.id))
    .orderBy(desc(orders.paidAt))
    .limit(VENDOR_ORDERS_LIMIT);
  return rows.map(
    ({ items, carrier, trackingNumber, trackingLink, shippedAt, deliveredAt, returnStatus, returnReason, returnLines, ...order }) => {
      const lines = items
        .filter((i) => i.vendorId === vendor.id)
        .map((i) => ({ productId: i.productId, productName: i.productName, quantity: i.quantity, price: i.price }));
      // A return of the whole order, or one naming any of their lines, is theirs to see (the admins decide it).
      const returned = returnStatus
        ? lines.flatMap((l) => {
            const asked = returnLines ? returnLines.find((r) => r.productId === l.productId)?.quantity : l.quantity;
            return asked ? [{ productName: l.productName, quantity: asked }] : [];
          })
        : [];
      return {
        ...order,
        shipment:
          carrier && trackingNumber && shippedAt
            ? { carrier, trackingNumber, shippedAt, deliveredAt, trackingUrl: trackingUrl(carrier, trackingNumber, trackingLink) }
            : null,
        lines,
        return: returnStatus && returned.length > 0 ? { status: returnStatus, reason: returnReason ?? "", lines: returned } : null,
      };
    },
  );
}

export interface ShipPartDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  publicUrl: string;
}

/**
 * The vendor marks their part of a paid order shipped, with a carrier and tracking number: one shipment per order and
 * vendor (a repeat changes nothing and is refused), the order's history notes it, and the shopper is mailed the link.
 * Another vendor's order, or one without their lines, answers as a missing one.
 */
export async function markShipped(
  { db, clock, outbox, publicUrl }: ShipPartDeps,
  userId: string,
  input: z.output<typeof shipOrderSchema>,
) {
  const vendor = await vendorOf(db, userId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        items: orders.items,
        orderNumber: orders.orderNumber,
        shippingEmail: orders.shippingEmail,
        shippingName: orders.shippingName,
        locale: localeOfUser(orders.userId),
      })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), holdsLineOf(vendor.id)))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND", VENDOR_ORDER_NOT_FOUND);
    // The platform's own lines shipping or arriving first does not stop the vendor's part (decision 192).
    if (order.status !== "paid" && order.status !== "shipped" && order.status !== "delivered")
      throw new AppError("CONFLICT", PART_NOT_SHIPPABLE);
    const link = input.carrier === "Other" ? (input.trackingUrl ?? null) : null;
    const [shipment] = await tx
      .insert(vendorShipments)
      .values({
        orderId: order.id,
        vendorId: vendor.id,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        trackingLink: link,
        shippedBy: userId,
        shippedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: vendorShipments.id });
    if (!shipment) throw new AppError("CONFLICT", PART_ALREADY_SHIPPED);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "shipped",
      actorId: userId,
      data: { vendorId: vendor.id, carrier: input.carrier, trackingNumber: input.trackingNumber },
      createdAt: now,
    });
    const lines = order.items.filter((i) => i.vendorId === vendor.id).map((i) => `${i.quantity} x ${i.productName}`);
    await outbox.send(
      `vendor-shipped:${order.id}:${vendor.id}`,
      vendorPartShippedEmail(
        order,
        { businessName: vendor.businessName, lines, link: trackingUrl(input.carrier, input.trackingNumber, link) },
        publicUrl,
        order.locale,
      ),
      { tx },
    );
  });
  const mine = await vendorOrders(db, userId);
  const shipped = mine.find((o) => o.id === input.orderId);
  if (!shipped) throw new AppError("NOT_FOUND", VENDOR_ORDER_NOT_FOUND);
  return shipped;
}

/**
 * The vendor's money, each figure a sum over their ledger rows, in integer cents: sales (their lines as sold), the
 * platform's commission (less what refunds took back), refunds (share and commission taken back), paid out (transfers
 * less reversals) and on hold (their share not yet paid out).
 */
export async function vendorMoney(db: Db, userId: string) {
  const vendor = await vendorOf(db, userId);
  const sum = (condition: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${condition}), 0)::text`;
  const [row] = await db
    .select({
      sales: sum(sql`${ledgerEntries.amount} > 0 and ${ledgerEntries.kind} in ('vendor_share', 'vendor_commission')`),
      commission: sum(sql`${ledgerEntries.kind} = 'vendor_commission'`),
      refunds: sum(sql`${ledgerEntries.amount} < 0 and ${ledgerEntries.kind} in ('vendor_share', 'vendor_commission')`),
      share: sum(sql`${ledgerEntries.kind} = 'vendor_share'`),
      paidOut: sum(sql`${ledgerEntries.kind} = 'transfer'`),
      reversed: sum(sql`${ledgerEntries.kind} = 'reversal'`),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.vendorId, vendor.id),
        inArray(ledgerEntries.kind, ["vendor_share", "vendor_commission", "transfer", "reversal"]),
      ),
    );
  const n = (v: string | undefined) => Number(v ?? 0);
  const paidOut = n(row?.paidOut) - n(row?.reversed);
  return {
    commissionPercentage: vendor.commissionPercentage,
    sales: n(row?.sales),
    commission: n(row?.commission),
    refunds: 0 - n(row?.refunds),
    paidOut,
    onHold: n(row?.share) - paidOut,
  };
}
