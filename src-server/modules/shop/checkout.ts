import { randomInt } from "node:crypto";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { commitWhenSent, statement, together, valueOf, type Db, type Queryable, type Tx } from "../../../db/client";
import { cartItems, orders, products, vendors, type OrderItemSnapshot } from "../../../db/schema";
import type { Currency } from "../../../src/domain/currencies";
import { toCents, toDecimal } from "../../../src/domain/money";
import { orderTotals } from "../../../src/domain/shipping";
import { AppError } from "../../../src/errors";
import { CART_CHANGED, CART_EMPTY, type CreateOrderPaymentRequest } from "../../../src/schemas/shop";
import type { Clock } from "../../platform/clock";
import { PG, sqlState } from "../../platform/database";
import { idempotent } from "../../platform/idempotency";
import { withLock } from "../../platform/locks";
import { paymentLinks, retrieveOrForgotten, type PaymentIntent, type PaymentProvider } from "../../platform/payments/provider";
import { onlyInStock, productOutOfStock, productUnavailable } from "./cart";
import { listedProduct } from "./listed";
import { localCharge, providerCurrency, type LocalCharge } from "../bookings";
import { chargeOfOrder, ORDER_CURRENCY, orderColumns, type OrderRow } from "./order-rows";
import { ORDER_RESERVATION_MINUTES, type createReservations } from "./reservations";
import { takeLines } from "./stock";

/*
 * Stock is never oversold: it is RESERVED when the order is created, in the same transaction that
 * inserts the order, by a conditional `UPDATE products SET stock_quantity = stock_quantity - q
 * WHERE id = ... AND stock_quantity >= q` (stock.ts). A buyer whose reservation fails is refused before any
 * payment intent exists, so they are never charged. The reservation lasts ORDER_RESERVATION_MINUTES
 * (reservations.ts releases it).
 */

/** An open checkout is handed back for the same cart only while this much of its reservation remains. */
export const REUSE_MIN_REMAINING_MINUTES = 10;
export const CHECKOUT_BUSY = "Your checkout is already being prepared. Please try again in a moment.";
export const soldOutWhileOrdering = (name: string) => `Sorry, ${name} just sold out. Please review your cart.`;

/**
 * What a checkout answers, a new one or one handed back: the intent's client secret, the order it pays for and what
 * it charges (issue #41): the currency and its minor units (USD: the total in cents; GHS 64890: GH₵648.90).
 */
const orderPayment = (
  intent: Pick<PaymentIntent, "id" | "clientSecret">,
  order: { id: string; orderNumber: string },
  charge: { currency: Currency; amount: number },
) => ({
  clientSecret: intent.clientSecret,
  orderId: order.id,
  orderNumber: order.orderNumber,
  paymentIntentId: intent.id,
  currency: charge.currency,
  chargeAmount: charge.amount,
});

export type CreatedOrderPayment = ReturnType<typeof orderPayment>;

interface CheckoutLine {
  productId: string;
  quantity: number;
  name: string;
  price: string;
  isActive: boolean;
  stock: number;
  /** A vendor's product: the vendor and their commission now, stored on the order line (issue #46). */
  vendorId: string | null;
  commission: string | null;
}

/** An unpaid order with a payment intent: reused for the same cart while time is left, else superseded. */
type OpenCheckout = OrderRow & { reservationExpiresAt: Date | null };
type Reservations = ReturnType<typeof createReservations>;

const p = sql.placeholder;

// The statements every checkout runs, built once (`statement`, docs/decisions.md 96).
const checkoutLinesStatement = statement((q: Queryable) =>
  q
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      name: products.name,
      price: products.price,
      isActive: listedProduct(),
      stock: products.stockQuantity,
      vendorId: products.vendorId,
      commission: vendors.commissionPercentage,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(vendors, eq(vendors.id, products.vendorId))
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
const setOrderIntentStatement = statement((q: Queryable) =>
  q
    .update(orders)
    .set({
      paymentIntentId: valueOf(orders.paymentIntentId, "paymentIntentId"),
      stripePaymentIntentId: valueOf(orders.stripePaymentIntentId, "stripePaymentIntentId"),
      localChargeId: valueOf(orders.localChargeId, "localChargeId"),
      paymentProvider: valueOf(orders.paymentProvider, "paymentProvider"),
    })
    .where(eq(orders.id, p("orderId")))
    .prepare("set_order_intent"),
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
      chargeCurrency: p("chargeCurrency"),
      chargeAmount: p("chargeAmount"),
      chargeRate: p("chargeRate"),
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

/** Readable by a person and unambiguous when read aloud: no 0/O, 1/I/L. */
const ORDER_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll("-", "");
  const code = Array.from({ length: 5 }, () => ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)]).join("");
  return `SM-${date}-${code}`;
}

/** The client's items and amounts must be exactly what the server computes from stored prices. */
function matchesClient(input: CreateOrderPaymentRequest, lines: CheckoutLine[], totals: ReturnType<typeof orderTotals>): boolean {
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

/** A line as the order keeps it; a vendor's line with the vendor and the commission of the moment of sale. */
function orderItem(l: CheckoutLine): OrderItemSnapshot {
  const item = { productId: l.productId, productName: l.name, quantity: l.quantity, price: l.price };
  return l.vendorId && l.commission ? { ...item, vendorId: l.vendorId, commission: l.commission } : item;
}

/** Every line is on sale and in stock, or the shopper is told which is not. */
function refuseUnavailable(lines: CheckoutLine[]): void {
  for (const line of lines) {
    if (!line.isActive) throw new AppError("CONFLICT", `${productUnavailable(line.name)}. Please remove it from your cart.`);
    if (line.stock < line.quantity) {
      const why = line.stock < 1 ? productOutOfStock(line.name) : onlyInStock(line.name, line.stock);
      throw new AppError("CONFLICT", `${why}. Please update your cart.`);
    }
  }
}

/** Inserts the pending order with its reservation, or answers which line sold out meanwhile. */
async function insertOrder(
  { db, clock, payments }: { db: Db; clock: Clock; payments: PaymentProvider },
  userId: string,
  input: CreateOrderPaymentRequest,
  lines: CheckoutLine[],
  totals: ReturnType<typeof orderTotals>,
  charge: LocalCharge | null,
): Promise<{ id: string; orderNumber: string } | { soldOut: string }> {
  const now = clock.now();
  const values: Omit<typeof orders.$inferInsert, "orderNumber"> = {
    userId,
    items: lines.map(orderItem),
    subtotal: toDecimal(totals.subtotal),
    shippingCost: toDecimal(totals.shippingCost),
    total: toDecimal(totals.total),
    currency: ORDER_CURRENCY,
    chargeCurrency: charge?.currency ?? "USD",
    chargeAmount: charge?.amount ?? null,
    chargeRate: charge?.rate ?? null,
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
 * Checkout (`orders.createPayment`): the server prices the cart, reserves the stock and asks the provider for a
 * payment intent; the payment is confirmed in confirm-payment.ts.
 */
export function createCheckout({
  db,
  clock,
  payments,
  reservations,
}: {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  reservations: Reservations;
}) {
  const { releaseExpired, releaseReservation, releaseEarlierCheckouts } = reservations;

  async function checkoutLines(userId: string): Promise<CheckoutLine[]> {
    return checkoutLinesStatement(db, { userId });
  }

  /**
   * One open checkout per cart: under the shopper's own lock, an unchanged cart (same lines, prices, shipping and
   * totals) gets the order already open for it back, while its reservation has a while to run; anything else starts
   * a new checkout, which supersedes the earlier one. With an Idempotency-Key, a retried request gets the first
   * request's answer whatever happened since.
   */
  async function createOrderPayment(
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

  /**
   * The shopper's open order for exactly this cart, shipping and currency, with a payable intent and time left to pay.
   * Asked for in another currency, it is not handed back: the new checkout supersedes it (its intent cancelled, its
   * stock released), so that the shopper never holds two payable intents for one cart.
   */
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
      order.shippingAddress === input.shippingAddress &&
      chargeOfOrder(order).currency === input.currency;
    if (!sameOrder) return null;
    const intent = await retrieveOrForgotten(payments, order.paymentIntentId);
    if (!intent || (intent.status !== "requires_payment_method" && intent.status !== "requires_action")) return null;
    return orderPayment(intent, order, chargeOfOrder(order));
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
    if (lines.some((l) => l.stock < l.quantity) && (await releaseExpired()).released > 0) lines = await checkoutLines(userId);
    refuseUnavailable(lines);
    const totals = orderTotals(lines, input.shippingMethod);
    if (!matchesClient(input, lines, totals)) throw new AppError("CONFLICT", CART_CHANGED);

    // The total in the shopper's currency at the rate of the moment, stored with the order (none for US dollars).
    const charge = await localCharge(db, input.currency, totals.total);
    const charged = charge
      ? { currency: charge.currency, amount: charge.amount }
      : { currency: "USD" as const, amount: totals.total };
    let created = await insertOrder({ db, clock, payments }, userId, input, lines, totals, charge);
    if ("soldOut" in created && (await releaseExpired()).released > 0)
      created = await insertOrder({ db, clock, payments }, userId, input, lines, totals, charge);
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
        amount: charged.amount,
        currency: providerCurrency(charged.currency),
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
        ...paymentLinks(payments, intent),
      }),
      releaseLeaseIn(tx),
    ]);
    return orderPayment(intent, created, charged);
  }

  return { createOrderPayment };
}
