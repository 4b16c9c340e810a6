import { and, eq, sql } from "drizzle-orm";
import { statement, valueOf, type Db, type Queryable } from "../../../db/client";
import { cartItems, orders, type OrderItemSnapshot } from "../../../db/schema";
import type { OrderStatus } from "../../../src/domain/enums";
import { isPaidOrder } from "../../../src/domain/orders";
import { AppError } from "../../../src/errors";
import { ORDER_NOT_FOUND } from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import { metrics } from "../../platform/metrics";
import type { PaymentIntent, PaymentProvider, RecordEvent } from "../../platform/payments/provider";
import { receiptMail } from "./mail";
import { providerCurrency } from "../bookings";
import { chargeOfOrder, orderByIntent, orderColumns, type OrderRow, type OrderToPay } from "./order-rows";
import { takeLines } from "./stock";

export const PAYMENT_NOT_COMPLETED = "Your payment has not been completed.";
export const PAYMENT_MISMATCH = "This payment does not match the order.";
export const SOLD_OUT_REFUNDED =
  "Sorry, an item in your order sold out before your payment completed. Your payment has been refunded.";

const p = sql.placeholder;

// The statements every payment runs, built once (`statement`, docs/decisions.md 96).
const markPaidStatement = statement((q: Queryable) =>
  q
    .update(orders)
    .set({ status: "paid", paidAt: valueOf(orders.paidAt, "now"), reservationExpiresAt: null })
    .where(and(eq(orders.id, p("orderId")), eq(orders.status, valueOf(orders.status, "from"))))
    .returning(orderColumns)
    .prepare("mark_order_paid"),
);
/** The paid order's products out of its shopper's cart (the ids as one array parameter, so one statement serves). */
const emptyCartStatement = statement((q: Queryable) =>
  q
    .delete(cartItems)
    .where(and(eq(cartItems.userId, p("userId")), sql`${cartItems.productId} = any(${p("productIds")}::text[])`))
    .prepare("empty_cart"),
);

/** Thrown inside a transaction to roll it back when a late payment finds its stock gone. */
class StockGone extends Error {}
/** Thrown inside a confirming transaction to roll it back (its cart and receipt) when the order was not there to pay. */
class NotPaidHere extends Error {}

/** What the shopper's success screen shows of a paid order. */
const confirmation = (order: OrderRow) => ({
  orderId: order.id,
  orderNumber: order.orderNumber,
  status: "paid" as const,
  items: order.items,
  subtotal: order.subtotal,
  shippingCost: order.shippingCost,
  total: order.total,
  // What the shopper paid in their own currency (the stored charge), shown beside the total (issue #41).
  chargeCurrency: order.chargeCurrency,
  chargeAmount: order.chargeAmount,
  shippingMethod: order.shippingMethod,
  shippingEmail: order.shippingEmail,
});
type ConfirmedOrder = ReturnType<typeof confirmation>;

/**
 * An order's payment, confirmed exactly once (`orders.confirmPayment`, and the provider's webhook): the order is
 * marked paid, its products leave the cart, its receipt is queued and its sale reaches the ledger, in one transaction.
 */
export function createPaymentConfirmation({
  db,
  clock,
  outbox,
  payments,
  onPaid,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  payments: PaymentProvider;
  /**
   * Sent in the transaction that marks an order paid, after its update (the ledger records the sale there), so that
   * what it writes exists exactly when the payment does. Answers a query not yet sent, like a drizzle statement.
   */
  onPaid?: ((orderId: string, tx: Queryable) => PromiseLike<unknown>) | undefined;
}) {
  async function emptyCart(tx: Queryable, order: { userId: string; items: OrderItemSnapshot[] }): Promise<void> {
    const productIds = order.items.map((i) => i.productId);
    if (productIds.length === 0) return;
    await emptyCartStatement(tx, { userId: order.userId, productIds });
  }

  /** One receipt per order: queued in the transaction that marks it paid, so a paid order always has its receipt. */
  async function queueReceipt(tx: Queryable, order: OrderToPay): Promise<void> {
    await outbox.send(`order-receipt:${order.id}`, receiptMail(order, order.locale), { tx });
  }

  /**
   * The one idempotent confirmation behind POST /api/confirm-order-payment and the webhook: the
   * conditional UPDATE ... WHERE status = 'pending' lets exactly one caller mark the order paid, empty the
   * cart and queue the single receipt, in one transaction; a caller that finds the order paid has nothing left to do.
   */
  async function applySucceededIntent(intent: PaymentIntent, record?: RecordEvent): Promise<ConfirmedOrder> {
    if (intent.status !== "succeeded") throw new AppError("CONFLICT", PAYMENT_NOT_COMPLETED);
    const order = await orderByIntent(db, intent.id);
    if (!order) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    return applyToOrder(intent, order, record);
  }

  /**
   * The confirmation itself, for the order the intent names (already read by the caller). `record`: the provider's
   * event that paid it, stored in the transaction that marks it paid (payments/events.ts).
   */
  async function applyToOrder(intent: PaymentIntent, order: OrderToPay, record?: RecordEvent): Promise<ConfirmedOrder> {
    if (intent.status !== "succeeded") throw new AppError("CONFLICT", PAYMENT_NOT_COMPLETED);
    // The intent must pay exactly the order's charge: its total in cents, or its local charge in that currency's minor
    // units (issue #41), the currency as the provider names it.
    const charge = chargeOfOrder(order);
    if (
      intent.metadata.orderId !== order.id ||
      intent.amount !== charge.amount ||
      intent.currency.toLowerCase() !== providerCurrency(charge.currency)
    ) {
      throw new AppError("UNPROCESSABLE_CONTENT", PAYMENT_MISMATCH);
    }
    // Its cart was emptied and its receipt queued when it was marked paid, in the same transaction.
    if (isPaidOrder(order.status)) return confirmation(order);

    const now = clock.now();
    const markPaid = (tx: Queryable, from: OrderStatus) => markPaidStatement(tx, { orderId: order.id, now, from });
    let paid: OrderRow | undefined;
    try {
      paid = await db.transaction(async (tx) => {
        // Sent without waiting on one another (none needs another's answer; they run in this order), so the update and
        // the delete go in one round trip: when the order was not pending after all, the transaction is rolled back
        // below or goes on to the late payment, which needs the cart emptied and the receipt queued too. An order's
        // items and shipping details never change, so the `order` read before serves.
        const [[fresh]] = await Promise.all([
          markPaid(tx, "pending"),
          emptyCart(tx, order),
          queueReceipt(tx, order),
          // After the update (sent in the order given), so that it sees the order paid.
          onPaid?.(order.id, tx),
          record?.(tx),
        ]);
        if (fresh) return fresh;
        // Released while the shopper was paying: the stock is taken again if it is still there.
        const [late] = await markPaid(tx, "cancelled");
        if (!late) throw new NotPaidHere();
        let gone = false;
        await Promise.all(takeLines(tx, late.items, () => (gone = true))).catch((error: unknown) => {
          throw gone ? new StockGone() : error;
        });
        await onPaid?.(order.id, tx);
        return late;
      });
    } catch (error) {
      if (error instanceof StockGone) {
        await payments.refund({ paymentIntentId: intent.id, amount: intent.amount, idempotencyKey: `refund:order:${order.id}` });
        await db
          .update(orders)
          .set({ status: "refunded" })
          .where(and(eq(orders.id, order.id), eq(orders.status, "cancelled")));
        throw new AppError("CONFLICT", SOLD_OUT_REFUNDED);
      }
      if (!(error instanceof NotPaidHere)) throw error;
    }

    if (paid) {
      metrics.payments.inc({ kind: "order" });
      return confirmation(paid);
    }
    // Another caller confirmed it first (or refunded it): their transaction did the rest.
    const settled = await orderByIntent(db, intent.id);
    if (settled?.status === "refunded") throw new AppError("CONFLICT", SOLD_OUT_REFUNDED);
    if (!settled || !isPaidOrder(settled.status)) throw new AppError("CONFLICT", PAYMENT_NOT_COMPLETED);
    // The event's record went with the transaction that was rolled back.
    await record?.(db);
    return confirmation(settled);
  }

  /** The shopper's own confirmation from the success screen: someone else's intent is as missing as an unknown one. */
  async function confirmOrderPayment(userId: string, paymentIntentId: string): Promise<ConfirmedOrder> {
    const order = await orderByIntent(db, paymentIntentId);
    if (!order || order.userId !== userId) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    // Paid (by the card's webhook event, usually): everything that goes with it was done in the same transaction.
    if (isPaidOrder(order.status)) return confirmation(order);
    return applyToOrder(await payments.retrievePaymentIntent(paymentIntentId), order);
  }

  return { confirmOrderPayment, applySucceededIntent };
}
