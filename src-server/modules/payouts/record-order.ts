import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { orderEvents, orders } from "../../../db/schema";
import { toCents } from "../../../src/domain/money";
import type { RefundLine } from "../../../src/domain/orders";
import { vendorRefundSplit } from "../../../src/domain/vendors";
import type { Refund } from "../../platform/payments/provider";
import { localChargeOf, refundBookCents } from "../bookings";
import { localColumns, type NewEntry } from "./record-booking";

/** What the ledger reads of an order's `refund` event (the shop's RefundData): its book value and its own minor units. */
interface RecordedRefund {
  amount: string;
  localAmount?: number;
  refundId?: string;
}

/** A provider's refund of an order's payment, as its ledger row gives it: book value in US cents and its currency. */
export interface OrderRefundRow {
  id: string;
  status: Refund["status"];
  amount: number;
  columns: Pick<NewEntry, "amount" | "currency" | "localAmount" | "rate">;
}

/**
 * The provider's refunds of an order's payment, valued for the ledger. A US dollar charge's refunds are their own book
 * value; a charge in another currency's (issue #41) take the book value the order stored for them (its `refund` event,
 * by event id or refund id: the value fixed when first stored), or else what they add to the book value of those
 * before (`refundBookCents`), and carry the charge's currency, their minor units and its rate (decision 131).
 */
export async function orderRefundRows(tx: Tx, orderId: string, refunds: readonly Refund[]): Promise<OrderRefundRow[]> {
  const [order] = await tx
    .select({
      total: orders.total,
      chargeCurrency: orders.chargeCurrency,
      chargeAmount: orders.chargeAmount,
      chargeRate: orders.chargeRate,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const local = order ? localChargeOf({ ...order, amount: order.total }) : null;
  if (!order || !local)
    return refunds.map((r) => ({ id: r.id, status: r.status, amount: r.amount, columns: { amount: r.amount } }));
  const events = await tx
    .select({ id: orderEvents.id, data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "refund")));
  const recorded = events.map((e) => ({ id: e.id, data: e.data as unknown as RecordedRefund }));
  let before = 0;
  return refunds.map((r) => {
    const event = recorded.find((e) => e.id === r.metadata.eventId || e.data.refundId === r.id);
    const amount = event ? toCents(event.data.amount) : refundBookCents(local.rate, before, r.amount);
    if (r.status === "succeeded") before += r.amount;
    return { id: r.id, status: r.status, amount, columns: { amount, ...localColumns(order, r.amount) } };
  });
}

/**
 * What the refunds of an order take back from its vendors' lines (issue #46): for each refund the app made (its
 * `refund` event, by event id or refund id) and each of its lines that is a vendor's, the vendor's share and the
 * platform's commission in proportion (`vendorRefundSplit`: the split of everything refunded of that line so far, less
 * that of what went before, so a line refunded in full gives back exactly what its sale split). Negative rows, one per
 * kind, referenced by the refund and the product, so recording them again adds nothing.
 */
export async function vendorRefundRows(tx: Tx, orderId: string, refunds: readonly Refund[], at: Date): Promise<NewEntry[]> {
  const [order] = await tx.select({ items: orders.items }).from(orders).where(eq(orders.id, orderId));
  const vendorItems = new Map((order?.items ?? []).flatMap((i) => (i.vendorId && i.commission ? [[i.productId, i] as const] : [])));
  if (vendorItems.size === 0) return [];
  const events = await tx
    .select({ id: orderEvents.id, data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "refund")))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const refunded = new Map<string, number>();
  const rows: NewEntry[] = [];
  for (const event of events) {
    const data = event.data as unknown as { lines?: RefundLine[]; refundId?: string };
    const refund = refunds.find((r) => r.metadata.eventId === event.id || (data.refundId !== undefined && r.id === data.refundId));
    for (const line of data.lines ?? []) {
      const item = vendorItems.get(line.productId);
      if (!item?.vendorId || !item.commission) continue;
      const before = refunded.get(line.productId) ?? 0;
      const now = toCents(line.amount);
      refunded.set(line.productId, before + now);
      if (!refund || refund.status !== "succeeded") continue;
      const back = vendorRefundSplit(before, now, item.commission);
      for (const [kind, amount] of [
        ["vendor_commission", back.commission],
        ["vendor_share", back.share],
      ] as const)
        if (amount !== 0)
          rows.push({ orderId, vendorId: item.vendorId, kind, amount: -amount, reference: `${kind}:${refund.id}:${line.productId}`, createdAt: at });
    }
  }
  return rows;
}
