import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries, orders } from "../../../db/schema";
import { vendorOf } from "./products";

/** How many of their orders a vendor's dashboard lists, newest first. */
const VENDOR_ORDERS_LIMIT = 100;

/**
 * The paid orders holding a line of the vendor's, with only their own lines and what they need to ship them: the
 * buyer's shipping details. Another vendor's lines, and the order's totals, are not theirs to see.
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
    })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), sql`${orders.items} @> ${JSON.stringify([{ vendorId: vendor.id }])}::jsonb`))
    .orderBy(desc(orders.paidAt))
    .limit(VENDOR_ORDERS_LIMIT);
  return rows.map(({ items, ...order }) => ({
    ...order,
    lines: items
      .filter((i) => i.vendorId === vendor.id)
      .map((i) => ({ productId: i.productId, productName: i.productName, quantity: i.quantity, price: i.price })),
  }));
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
