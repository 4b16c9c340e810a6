import { randomInt } from "node:crypto";
import { and, asc, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { commitWhenSent, statement, together, valueOf, type Db, type Queryable, type Tx } from "../../../db/client";
import { cartItems, orders, products, type OrderItemSnapshot } from "../../../db/schema";
import { toCents, toDecimal, formatMoney, type Cents } from "../../../src/domain/money";
import { lineTotal, orderTotals, SHIPPING_LABEL, type ShippingMethod } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import { CART_CHANGED, CART_EMPTY, ORDER_NOT_FOUND, type CreateOrderPaymentRequest } from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import { idempotent } from "../../platform/idempotency";
import type { JobQueue } from "../../platform/jobs";
import { withLock } from "../../platform/locks";
import { PG, sqlState } from "../../platform/database";
import type { OrderStatus } from "../../../src/domain/enums";
import type { MailMessage, Outbox } from "../../platform/mail";
import { metrics } from "../../platform/metrics";
import {
  retrieveOrForgotten,
  type PaymentIntent,
  type RecordEvent,
  type PaymentProvider,
} from "../../platform/payments/provider";
import { onlyInStock, productOutOfStock, productUnavailable } from "./cart";

/*
 * Stock is never oversold: it is RESERVED when the order is created, in the same transaction that
 * inserts the order, by a conditional `UPDATE products SET stock_quantity = stock_quantity - q
 * WHERE id = ... AND stock_quantity >= q`. A buyer whose reservation fails is refused before any
 * payment intent exists, so they are never charged. The reservation lasts ORDER_RESERVATION_MINUTES;
 * an unpaid order is then released (its intent cancelled at the provider first, so it can no longer be
 * paid) and its stock put back. A declined card keeps the reservation so the shopper can retry with
 * another card. Should a payment still succeed for a released order, the stock is taken again if it is
 * there, else the payment is refunded.
 */
export const ORDER_RESERVATION_MINUTES = 30;
/** An order that was paid, whatever happened to it since (shipped, delivered): its payment is applied. */
export const PAID_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];
export const ORDER_CURRENCY = "USD";
/** An open checkout is handed back for the same cart only while this much of its reservation remains. */
export const REUSE_MIN_REMAINING_MINUTES = 10;
export const CHECKOUT_BUSY = "Your checkout is already being prepared. Please try again in a moment.";

export const PAYMENT_NOT_COMPLETED = "Your payment has not been completed.";
export const PAYMENT_MISMATCH = "This payment does not match the order.";
export const SOLD_OUT_REFUNDED =
  "Sorry, an item in your order sold out before your payment completed. Your payment has been refunded.";
export const soldOutWhileOrdering = (name: string) => `Sorry, ${name} just sold out. Please review your cart.`;

export interface CreatedOrderPayment {
  clientSecret: string;
  orderId: string;
  orderNumber: string;
  paymentIntentId: string;
}

export interface ConfirmedOrder {
  orderId: string;
  orderNumber: string;
  status: "paid";
  items: OrderItemSnapshot[];
  subtotal: string;
  shippingCost: string;
  total: string;
  shippingMethod: ShippingMethod;
  shippingEmail: string;
}

/** What a sweep did: how many it released, and the items it could not handle (skipped, for the caller to log). */
export interface SweepOutcome {
  released: number;
  failed: { id: string; error: unknown }[];
}

interface CheckoutLine {
  productId: string;
  quantity: number;
  name: string;
  price: string;
  isActive: boolean;
  stock: number;
}

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  orderNumber: orders.orderNumber,
  items: orders.items,
  subtotal: orders.subtotal,
  shippingCost: orders.shippingCost,
  total: orders.total,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  shippingPhone: orders.shippingPhone,
  shippingAddress: orders.shippingAddress,
  shippingMethod: orders.shippingMethod,
  status: orders.status,
  paymentIntentId: orders.paymentIntentId,
} as const;
type OrderRow = { [K in keyof typeof orderColumns]: (typeof orders.$inferSelect)[K] };
/** An unpaid order with a payment intent: reused for the same cart while time is left, else superseded. */
type OpenCheckout = OrderRow & { reservationExpiresAt: Date | null };

const p = sql.placeholder;

// The statements every checkout runs, built once (`statement`, docs/decisions.md 96).
const checkoutLinesStatement = statement((q: Queryable) =>
  q
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      price: products.price,
      isActive: products.isActive,
      stock: products.stockQuantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, p("userId")))
    .orderBy(asc(cartItems.productId))
    .prepare("checkout_lines"),
);
/** The shopper's unpaid orders that have a payment intent, newest first: one may be reused, the rest are superseded. */
const openCheckoutsStatement = statement((q: Queryable) =>
  q
    .select({ ...orderColumns, reservationExpiresAt: orders.reservationExpiresAt })
    .from(orders)
    .where(and(eq(orders.userId, p("userId")), eq(orders.status, "pending"), isNotNull(orders.paymentIntentId)))
    .orderBy(desc(orders.createdAt))
    .prepare("open_checkouts"),
);
const orderByIntentStatement = statement((q: Queryable) =>
  q
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.paymentIntentId, p("paymentIntentId")))
    .limit(1)
    .prepare("order_by_intent"),
);
const setOrderIntentStatement = statement((q: Queryable) =>
  q
    .update(orders)
    .set({
      paymentIntentId: valueOf(orders.paymentIntentId, "paymentIntentId"),
      stripePaymentIntentId: valueOf(orders.stripePaymentIntentId, "stripePaymentIntentId"),
    })
    .where(eq(orders.id, p("orderId")))
    .prepare("set_order_intent"),
);
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
/** A new order, pending with its reservation: every value a placeholder of the same name. */
const insertOrderStatement = statement((q: Queryable) =>
  q
    .insert(orders)
    .values({
      userId: p("userId"),
      orderNumber: p("orderNumber"),
      items: p("items"),
      subtotal: p("subtotal"),
      shippingCost: p("shippingCost"),
      total: p("total"),
      currency: p("currency"),
      shippingName: p("shippingName"),
      shippingEmail: p("shippingEmail"),
      shippingPhone: p("shippingPhone"),
      shippingAddress: p("shippingAddress"),
      shippingMethod: p("shippingMethod"),
      status: p("status"),
      paymentProvider: p("paymentProvider"),
      reservationExpiresAt: p("reservationExpiresAt"),
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber })
    .prepare("insert_order"),
);
/**
 * An order's line, taken at the price the shopper saw, or the statement fails: a line that is inactive, priced
 * otherwise or short of stock would go below zero, which products_stock_check refuses. Failing (not updating nothing)
 * rolls the whole transaction back by itself, so a new order's commit can go with its statements (one round trip).
 */
const takeStockOrFail = statement((q: Queryable) =>
  q
    .update(products)
    .set({
      stockQuantity: sql`case when ${products.isActive} and ${products.price} = ${valueOf(products.price, "price")}
        then ${products.stockQuantity} - ${valueOf(products.stockQuantity, "quantity")} else -1 end`,
    })
    .where(eq(products.id, p("productId")))
    .prepare("take_stock_or_fail"),
);

/** Readable by a person and unambiguous when read aloud: no 0/O, 1/I/L. */
const ORDER_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll("-", "");
  const code = Array.from({ length: 5 }, () => ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)]).join("");
  return `SM-${date}-${code}`;
}

/** Thrown inside a transaction to roll it back when a late payment finds its stock gone. */
class StockGone extends Error {}
/** Thrown inside a confirming transaction to roll it back (its cart and receipt) when the order was not there to pay. */
class NotPaidHere extends Error {}

export function receiptMail(order: OrderRow): MailMessage {
  const money = (amount: string | Cents) => formatMoney(amount, ORDER_CURRENCY);
  const items = order.items.map((item) => `  ${item.productName} x ${item.quantity}: ${money(lineTotal(item))}`);
  const text = [
    `Thank you for your order, ${order.shippingName}!`,
    "",
    `Order number: ${order.orderNumber}`,
    "",
    "Items:",
    ...items,
    "",
    `Subtotal: ${money(order.subtotal)}`,
    `Shipping (${SHIPPING_LABEL[order.shippingMethod]}): ${money(order.shippingCost)}`,
    `Total: ${money(order.total)}`,
    "",
    "Shipping to:",
    order.shippingName,
    order.shippingAddress,
    `Phone: ${order.shippingPhone}`,
    `Shipping method: ${SHIPPING_LABEL[order.shippingMethod]}`,
    "",
    "Your order will typically ship within 2-3 business days. We will send you the tracking details once it is on its way.",
  ].join("\n");
  return { to: order.shippingEmail, subject: `Your Sacred Market order ${order.orderNumber}`, text };
}

export function createOrderService({
  db,
  clock,
  outbox,
  payments,
  jobs,
  onPaid,
  log,
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  payments: PaymentProvider;
  jobs: JobQueue;
  /**
   * Sent in the transaction that marks an order paid, after its update (the ledger records the sale there), so that
   * what it writes exists exactly when the payment does. Answers a query not yet sent, like a drizzle statement.
   */
  onPaid?: (orderId: string, tx: Queryable) => PromiseLike<unknown>;
  log?: { warn(obj: object, msg: string): void };
}) {
  // Unpaid orders give their reserved stock back: every minute, once across all instances.
  jobs.define({
    name: "shop.release-reservations",
    every: "* * * * *",
    run: async () => {
      const { failed } = await releaseExpired();
      for (const { id, error } of failed) log?.warn({ err: error, orderId: id }, "an expired order could not be released");
    },
  });

  async function checkoutLines(userId: string): Promise<CheckoutLine[]> {
    return checkoutLinesStatement(db, { userId });
  }

  /** The client's items and amounts must be exactly what the server computes from stored prices. */
  function matchesClient(
    input: CreateOrderPaymentRequest,
    lines: CheckoutLine[],
    totals: ReturnType<typeof orderTotals>,
  ): boolean {
    const items = [...input.items].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
    if (items.length !== lines.length) return false;
    const sameItems = lines.every((line, i) => {
      const item = items[i];
      return item?.productId === line.productId && item.quantity === line.quantity && toCents(item.price) === toCents(line.price);
    });
    return (
      sameItems &&
      toCents(input.subtotal) === totals.subtotal &&
      toCents(input.shippingCost) === totals.shippingCost &&
      toCents(input.total) === totals.total
    );
  }

  /**
   * Takes the stock of every line at the price the shopper saw, in product id order (PostgreSQL runs them in the order
   * sent, so two orders sharing products lock them in the same order: no deadlock). A line that cannot be taken fails
   * its statement, and the transaction with it; `refused` hears which line it was. None needs another's answer.
   */
  function takeLines(
    tx: Queryable,
    lines: readonly { productId: string; quantity: number; price: string }[],
    refused: (productId: string) => void,
  ): PromiseLike<undefined>[] {
    return [...lines]
      .sort((a, b) => (a.productId < b.productId ? -1 : 1))
      .map((line) =>
        takeStockOrFail(tx, { productId: line.productId, quantity: line.quantity, price: line.price }).then(
          () => undefined,
          (error: unknown) => {
            if (sqlState(error) === PG.CHECK_VIOLATION) refused(line.productId);
            throw error;
          },
        ),
      );
  }

  async function restock(tx: Queryable, items: readonly OrderItemSnapshot[]): Promise<void> {
    for (const item of [...items].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
      await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}` })
        .where(eq(products.id, item.productId));
    }
  }

  /** Puts a pending order's stock back, once: only the call that moves it out of pending restocks. */
  async function releaseReservation(orderId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [released] = await tx
        .update(orders)
        .set({ status: "cancelled", reservationExpiresAt: null })
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
        .returning({ items: orders.items });
      if (!released) return false;
      await restock(tx, released.items);
      return true;
    });
  }

  /**
   * Cancels the intent first, so that a released order can no longer be paid; an intent that
   * turns out to have succeeded is confirmed instead, and one still processing is left to its webhook.
   * An intent the provider no longer knows (test mode after a restart) can never be paid: it counts as cancelled.
   */
  async function cancelAndRelease(order: { id: string; paymentIntentId: string | null }): Promise<boolean> {
    if (order.paymentIntentId) {
      try {
        await payments.cancelPaymentIntent(order.paymentIntentId);
      } catch {
        // Stripe refuses to cancel a succeeded or processing intent; its status below decides.
      }
      const intent = await retrieveOrForgotten(payments, order.paymentIntentId);
      if (intent?.status === "succeeded") {
        // Paid after all: confirm it; a failure here is the shopper's own confirmation's (or webhook's) to report.
        await applySucceededIntent(intent).catch(() => undefined);
        return false;
      }
      if (intent && intent.status !== "canceled") return false;
    }
    return releaseReservation(order.id);
  }

  /**
   * Releases every reservation that has run out; run on a timer and before a checkout finds stock missing. Each
   * order is handled on its own: one that fails is collected in `failed` (for the caller to log) and the sweep
   * goes on with the rest.
   */
  async function releaseExpired(): Promise<SweepOutcome> {
    const expired = await db
      .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.reservationExpiresAt, clock.now())))
      .orderBy(asc(orders.reservationExpiresAt))
      .limit(100);
    const outcome: SweepOutcome = { released: 0, failed: [] };
    for (const order of expired) {
      try {
        if (await cancelAndRelease(order)) outcome.released++;
      } catch (error) {
        outcome.failed.push({ id: order.id, error });
      }
    }
    return outcome;
  }

  /** A new checkout supersedes the shopper's earlier unpaid ones, so their own old reservation never blocks them. */
  async function releaseEarlierCheckouts(earlier: readonly OpenCheckout[]): Promise<void> {
    // One stuck order of theirs must not stop the shopper from checking out: it is left for the sweep to retry.
    for (const order of earlier) await cancelAndRelease(order).catch(() => false);
  }

  async function insertOrder(
    userId: string,
    input: CreateOrderPaymentRequest,
    lines: CheckoutLine[],
    totals: ReturnType<typeof orderTotals>,
  ): Promise<{ id: string; orderNumber: string } | { soldOut: string }> {
    const now = clock.now();
    const values: Omit<typeof orders.$inferInsert, "orderNumber"> = {
      userId,
      items: lines.map((l) => ({ productId: l.productId, productName: l.name, quantity: l.quantity, price: l.price })),
      subtotal: toDecimal(totals.subtotal),
      shippingCost: toDecimal(totals.shippingCost),
      total: toDecimal(totals.total),
      currency: ORDER_CURRENCY,
      shippingName: input.shippingName,
      shippingEmail: input.shippingEmail,
      shippingPhone: input.shippingPhone,
      shippingAddress: input.shippingAddress,
      shippingMethod: input.shippingMethod,
      status: "pending" as const,
      paymentProvider: payments.name,
      reservationExpiresAt: new Date(now.getTime() + ORDER_RESERVATION_MINUTES * 60_000),
    };
    // An order number that clashes (improbable) fails the statement, and the transaction with it: tried again anew.
    for (let attempt = 1; ; attempt++) {
      let soldOut: string | undefined;
      try {
        return await db.transaction(async (tx) => {
          // The lines, then the order: nothing here needs an answer before the commit, which goes with them.
          const sent = Promise.all([
            ...takeLines(tx, lines, (productId) => (soldOut ??= productId)),
            insertOrderStatement(tx, { ...values, orderNumber: newOrderNumber(now) }),
          ]);
          queueMicrotask(() => commitWhenSent(tx));
          const [order] = (await sent).at(-1) as { id: string; orderNumber: string }[];
          if (!order) throw new Error("The new order was not written");
          return order;
        });
      } catch (error) {
        if (soldOut) return { soldOut };
        if (sqlState(error) !== PG.UNIQUE_VIOLATION || attempt >= 5) throw error;
      }
    }
  }

  /**
   * One open checkout per cart: under the shopper's own lock, an unchanged cart (same lines, prices, shipping and
   * totals) gets the order already open for it back, while its reservation has a while to run; anything else starts
   * a new checkout, which supersedes the earlier one. With an Idempotency-Key, a retried request gets the first
   * request's answer whatever happened since.
   */
  async function createPayment(
    userId: string,
    input: CreateOrderPaymentRequest,
    idempotencyKey?: string,
  ): Promise<CreatedOrderPayment> {
    return idempotent(db, { userId, scope: "create-order-payment", key: idempotencyKey, request: input }, () =>
      withLock(
        db,
        `checkout:${userId}`,
        async ({ read: [open, lines], releaseIn }) =>
          (await openCheckoutFor(input, open, lines)) ?? newCheckout(userId, input, open, lines, releaseIn),
        {
          busyMessage: CHECKOUT_BUSY,
          // One read serves both: the order to hand back, or the earlier ones the new checkout supersedes; the cart is
          // read with it. Both go with the lease's upsert (one round trip).
          read: (tx: Tx) => [openCheckoutsStatement(tx, { userId }), checkoutLinesStatement(tx, { userId })] as const,
        },
      ),
    );
  }

  /** The shopper's open order for exactly this cart and shipping, with a payable intent and time left to pay. */
  async function openCheckoutFor(
    input: CreateOrderPaymentRequest,
    open: readonly OpenCheckout[],
    lines: CheckoutLine[],
  ): Promise<CreatedOrderPayment | null> {
    const reusableFrom = clock.now().getTime() + REUSE_MIN_REMAINING_MINUTES * 60_000;
    const order = open.find((o) => o.reservationExpiresAt && o.reservationExpiresAt.getTime() >= reusableFrom);
    if (!order?.paymentIntentId) return null;
    const totals = orderTotals(lines, input.shippingMethod);
    const sameOrder =
      matchesClient(input, lines, totals) &&
      order.items.length === lines.length &&
      lines.every((line) =>
        order.items.some(
          (i) => i.productId === line.productId && i.quantity === line.quantity && toCents(i.price) === toCents(line.price),
        ),
      ) &&
      toCents(order.total) === totals.total &&
      order.shippingMethod === input.shippingMethod &&
      order.shippingName === input.shippingName &&
      order.shippingEmail === input.shippingEmail &&
      order.shippingPhone === input.shippingPhone &&
      order.shippingAddress === input.shippingAddress;
    if (!sameOrder) return null;
    const intent = await retrieveOrForgotten(payments, order.paymentIntentId);
    if (!intent || (intent.status !== "requires_payment_method" && intent.status !== "requires_action")) return null;
    return { clientSecret: intent.clientSecret, orderId: order.id, orderNumber: order.orderNumber, paymentIntentId: intent.id };
  }

  /** Prices the cart from stored prices, checks the client's numbers, reserves the stock, then asks for a payment intent. */
  async function newCheckout(
    userId: string,
    input: CreateOrderPaymentRequest,
    earlier: readonly OpenCheckout[],
    cart: CheckoutLine[],
    releaseLeaseIn: (tx: Queryable) => PromiseLike<unknown>,
  ): Promise<CreatedOrderPayment> {
    await releaseEarlierCheckouts(earlier);
    // Releasing gave stock back: the cart's lines are read again with it.
    let lines = earlier.length > 0 ? await checkoutLines(userId) : cart;
    if (lines.length === 0) throw new AppError("BAD_REQUEST", CART_EMPTY);
    const refuseUnavailable = (current: CheckoutLine[]) => {
      for (const line of current) {
        if (!line.isActive) throw new AppError("CONFLICT", `${productUnavailable(line.name)}. Please remove it from your cart.`);
        if (line.stock < line.quantity) {
          const why = line.stock < 1 ? productOutOfStock(line.name) : onlyInStock(line.name, line.stock);
          throw new AppError("CONFLICT", `${why}. Please update your cart.`);
        }
      }
    };
    if (lines.some((l) => l.stock < l.quantity) && (await releaseExpired()).released > 0) lines = await checkoutLines(userId);
    refuseUnavailable(lines);
    const totals = orderTotals(lines, input.shippingMethod);
    if (!matchesClient(input, lines, totals)) throw new AppError("CONFLICT", CART_CHANGED);

    let created = await insertOrder(userId, input, lines, totals);
    if ("soldOut" in created && (await releaseExpired()).released > 0) created = await insertOrder(userId, input, lines, totals);
    if ("soldOut" in created) {
      const { soldOut } = created;
      // Someone else's checkout took the stock (or the price changed) between our read and the reservation.
      const [now] = await db.select({ price: products.price }).from(products).where(eq(products.id, soldOut)).limit(1);
      const line = lines.find((l) => l.productId === soldOut);
      if (now && line && toCents(now.price) !== toCents(line.price)) throw new AppError("CONFLICT", CART_CHANGED);
      throw new AppError("CONFLICT", soldOutWhileOrdering(line?.name ?? "an item"));
    }

    let intent: PaymentIntent;
    try {
      intent = await payments.createPaymentIntent({
        amount: totals.total,
        currency: ORDER_CURRENCY.toLowerCase(),
        metadata: { kind: "order", orderId: created.id, orderNumber: created.orderNumber, userId },
        idempotencyKey: `order:${created.id}`,
        description: `Sacred Market order ${created.orderNumber}`,
      });
    } catch (error) {
      await releaseReservation(created.id);
      throw error;
    }
    // The intent is stored and the checkout's lease given back in one transaction, one round trip: the next checkout
    // of this shopper sees the order with its intent.
    await together(db, (tx) => [
      setOrderIntentStatement(tx, {
        orderId: created.id,
        paymentIntentId: intent.id,
        stripePaymentIntentId: payments.name === "stripe" ? intent.id : null,
      }),
      releaseLeaseIn(tx),
    ]);
    return {
      clientSecret: intent.clientSecret,
      orderId: created.id,
      orderNumber: created.orderNumber,
      paymentIntentId: intent.id,
    };
  }

  async function emptyCart(tx: Queryable, order: { userId: string; items: OrderItemSnapshot[] }): Promise<void> {
    const productIds = order.items.map((i) => i.productId);
    if (productIds.length === 0) return;
    await emptyCartStatement(tx, { userId: order.userId, productIds });
  }

  /** One receipt per order: queued in the transaction that marks it paid, so a paid order always has its receipt. */
  async function queueReceipt(tx: Queryable, order: OrderRow): Promise<void> {
    await outbox.send(`order-receipt:${order.id}`, receiptMail(order), { tx });
  }

  const confirmation = (order: OrderRow): ConfirmedOrder => ({
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: "paid",
    items: order.items,
    subtotal: order.subtotal,
    shippingCost: order.shippingCost,
    total: order.total,
    shippingMethod: order.shippingMethod,
    shippingEmail: order.shippingEmail,
  });

  async function orderByIntent(paymentIntentId: string): Promise<OrderRow | undefined> {
    const [order] = await orderByIntentStatement(db, { paymentIntentId });
    return order;
  }

  /**
   * The one idempotent confirmation behind POST /api/confirm-order-payment and the webhook: the
   * conditional UPDATE ... WHERE status = 'pending' lets exactly one caller mark the order paid, empty the
   * cart and queue the single receipt, in one transaction; a caller that finds the order paid has nothing left to do.
   */
  async function applySucceededIntent(intent: PaymentIntent, record?: RecordEvent): Promise<ConfirmedOrder> {
    if (intent.status !== "succeeded") throw new AppError("CONFLICT", PAYMENT_NOT_COMPLETED);
    const order = await orderByIntent(intent.id);
    if (!order) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    return applyToOrder(intent, order, record);
  }

  /**
   * The confirmation itself, for the order the intent names (already read by the caller). `record`: the provider's
   * event that paid it, stored in the transaction that marks it paid (payments/events.ts).
   */
  async function applyToOrder(intent: PaymentIntent, order: OrderRow, record?: RecordEvent): Promise<ConfirmedOrder> {
    if (intent.status !== "succeeded") throw new AppError("CONFLICT", PAYMENT_NOT_COMPLETED);
    if (
      intent.metadata.orderId !== order.id ||
      intent.amount !== toCents(order.total) ||
      intent.currency !== ORDER_CURRENCY.toLowerCase()
    ) {
      throw new AppError("UNPROCESSABLE_CONTENT", PAYMENT_MISMATCH);
    }
    // Its cart was emptied and its receipt queued when it was marked paid, in the same transaction.
    if (PAID_STATUSES.includes(order.status)) return confirmation(order);

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
    const settled = await orderByIntent(intent.id);
    if (settled?.status === "refunded") throw new AppError("CONFLICT", SOLD_OUT_REFUNDED);
    if (!settled || !PAID_STATUSES.includes(settled.status)) throw new AppError("CONFLICT", PAYMENT_NOT_COMPLETED);
    // The event's record went with the transaction that was rolled back.
    await record?.(db);
    return confirmation(settled);
  }

  /** The shopper's own confirmation from the success screen: someone else's intent is as missing as an unknown one. */
  async function confirmPayment(userId: string, paymentIntentId: string): Promise<ConfirmedOrder> {
    const order = await orderByIntent(paymentIntentId);
    if (!order || order.userId !== userId) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND);
    // Paid (by the card's webhook event, usually): everything that goes with it was done in the same transaction.
    if (PAID_STATUSES.includes(order.status)) return confirmation(order);
    return applyToOrder(await payments.retrievePaymentIntent(paymentIntentId), order);
  }

  return { createPayment, confirmPayment, applySucceededIntent, releaseExpired };
}
