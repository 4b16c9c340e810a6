import { eq, getTableColumns, sql } from "drizzle-orm";
import { statement, type Queryable } from "../../../db/client";
import { orders } from "../../../db/schema";
import { refundedQuantities, type RefundLine } from "../../../src/domain/orders";
import type { Currency } from "../../../src/domain/currencies";
import type { Locale } from "../../../src/i18n/locales";
import { localeOfUser } from "../../platform/mail-links";
import type { RefundStatus } from "../../platform/payments/provider";
import { chargeOf, localChargeOf, type LocalChargeOf } from "../bookings";

/** The currency of every order's total, its book value (a client may be charged in their own: `chargeOfOrder`). */
export const ORDER_CURRENCY = "USD";

/** The columns of an order that checkout and its payment need. */
export const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  orderNumber: orders.orderNumber,
  items: orders.items,
  subtotal: orders.subtotal,
  shippingCost: orders.shippingCost,
  total: orders.total,
  chargeCurrency: orders.chargeCurrency,
  chargeAmount: orders.chargeAmount,
  chargeRate: orders.chargeRate,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  shippingPhone: orders.shippingPhone,
  shippingAddress: orders.shippingAddress,
  shippingMethod: orders.shippingMethod,
  status: orders.status,
  paymentIntentId: orders.paymentIntentId,
} as const;
export type OrderRow = { [K in keyof typeof orderColumns]: (typeof orders.$inferSelect)[K] };

/**
 * The shopper's language (`users.locale`), read by the statement that reads or changes the order (a select's or a
 * returning's column), so that its mail is in their language without a query more (issue #45, decision 180).
 */
export const shopperLocale = localeOfUser(orders.userId);
/** Every column of an order, and its shopper's language. */
export const orderAndLocale = { ...getTableColumns(orders), locale: shopperLocale };

/** An order's charge as its row stores it: its US dollar total, and its charge in another currency, if any. */
type OrderCharge = Pick<OrderRow, "total" | "chargeCurrency" | "chargeAmount" | "chargeRate">;

/** What the client was charged (issue #41): the total in cents (USD), or the local charge in its minor units. */
export const chargeOfOrder = (order: OrderCharge): { currency: Currency; amount: number } =>
  chargeOf({ amount: order.total, chargeCurrency: order.chargeCurrency, chargeAmount: order.chargeAmount });

/** The order's local charge (its minor units and rate), or null when it was charged in US dollars. */
export const localChargeOfOrder = (order: OrderCharge): LocalChargeOf | null => localChargeOf({ ...order, amount: order.total });

// Built once (`statement`, docs/decisions.md 96): every payment reads its order by its intent.
const orderByIntentStatement = statement((q: Queryable) =>
  q
    .select({ ...orderColumns, locale: shopperLocale })
    .from(orders)
    .where(eq(orders.paymentIntentId, sql.placeholder("paymentIntentId")))
    .limit(1)
    .prepare("order_by_intent"),
);

/** An order with its shopper's language, for its receipt. */
export type OrderToPay = OrderRow & { locale: Locale };

export async function orderByIntent(q: Queryable, paymentIntentId: string): Promise<OrderToPay | undefined> {
  const [order] = await orderByIntentStatement(q, { paymentIntentId });
  return order;
}

/** What an order's `refund` event records: by an admin (its lines), or made outside the app (`source: "provider"`). */
export interface RefundData {
  lines: RefundLine[];
  shipping: string;
  /** Book value in US dollars; for an order charged in another currency, at the charge's rate. */
  amount: string;
  /** For an order charged in another currency: the refund in its minor units, as asked of the provider (issue #41). */
  localAmount?: number;
  reason: string;
  refundId?: string;
  /** A refund made outside the app (the provider's dashboard), recorded by syncRefunds, with the provider's status. */
  source?: "provider";
  status?: RefundStatus;
}

/** How many of each product the order's recorded refunds gave back. */
export function refundedIn(events: readonly { kind: string; data: Record<string, unknown> }[]): Map<string, number> {
  return refundedQuantities(events.filter((e) => e.kind === "refund").map((e) => e.data as unknown as RefundData));
}
