/**
 * What an order's status means and what an admin's refund of it comes to (docs/product.md#admin-orders). Pure rules
 * on statuses and integer cents, shared by the server (which decides) and the client (which shows the same).
 */
import { cents, multiplyCents, toCents, toDecimal, type Cents } from "./money";
import type { OrderStatus } from "./enums";

/** An order that was paid, whatever happened to it since (shipped, delivered): its payment is applied, it can be refunded. */
export const PAID_ORDER_STATUSES = ["paid", "shipped", "delivered"] as const satisfies readonly OrderStatus[];
/** An order that was bought: paid (whatever happened since) or refunded since. */
export const BOUGHT_ORDER_STATUSES = [...PAID_ORDER_STATUSES, "refunded"] as const satisfies readonly OrderStatus[];

export function isPaidOrder(status: OrderStatus): boolean {
  return (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** An order's line as it was bought (its snapshot): the price is the unit price, a two-decimal string. */
export interface OrderLine {
  productId: string;
  productName: string;
  quantity: number;
  price: string;
}

/** A refunded line: how many of the product, and what they came to. */
export interface RefundLine {
  productId: string;
  productName: string;
  quantity: number;
  amount: string;
}

/** How many of each product earlier refunds gave back. */
export function refundedQuantities(refunds: readonly { lines: readonly { productId: string; quantity: number }[] }[]) {
  const done = new Map<string, number>();
  for (const refund of refunds) {
    for (const line of refund.lines) done.set(line.productId, (done.get(line.productId) ?? 0) + line.quantity);
  }
  return done;
}

/** Why a refund cannot be made as asked. */
export type RefundRefusal =
  { refused: "not-in-order" } | { refused: "too-many"; productName: string; left: number } | { refused: "nothing-left" };

export interface RefundPlan {
  lines: RefundLine[];
  /** What goes back now: the lines, plus (in full) the shipping and whatever is left of the total. */
  amount: Cents;
  shipping: Cents;
  /** Refunded in all once this one is made; the order is refunded when it reaches the total. */
  refundedNow: Cents;
  whole: boolean;
}

/**
 * A refund, in full (every line not yet refunded and the shipping) or of the given lines (their unit prices), computed
 * from the order's own snapshot, never from the request. Never more than is left of the payment (a refund made in the
 * provider's dashboard counts too).
 */
export function planOrderRefund(
  order: { items: readonly OrderLine[]; total: string; refundedAmount: string },
  refunded: ReadonlyMap<string, number>,
  wantedLines?: readonly { productId: string; quantity: number }[],
): RefundPlan | RefundRefusal {
  const left = (line: OrderLine) => line.quantity - (refunded.get(line.productId) ?? 0);
  const whole = !wantedLines?.length;
  const wanted: { line: OrderLine; quantity: number }[] = [];
  if (whole) {
    for (const line of order.items) if (left(line) > 0) wanted.push({ line, quantity: left(line) });
  } else {
    for (const w of wantedLines) {
      const line = order.items.find((l) => l.productId === w.productId);
      if (!line) return { refused: "not-in-order" };
      if (w.quantity > left(line)) return { refused: "too-many", productName: line.productName, left: left(line) };
      wanted.push({ line, quantity: w.quantity });
    }
  }
  const lines = wanted.map(({ line, quantity }) => ({
    productId: line.productId,
    productName: line.productName,
    quantity,
    amount: toDecimal(multiplyCents(toCents(line.price), quantity)),
  }));
  const goods = cents(lines.reduce((sum, l) => sum + toCents(l.amount), 0));
  const alreadyRefunded = toCents(order.refundedAmount);
  const total = toCents(order.total);
  const amount = whole ? cents(total - alreadyRefunded) : cents(Math.min(goods, total - alreadyRefunded));
  if (amount <= 0) return { refused: "nothing-left" };
  return {
    lines,
    amount,
    shipping: cents(Math.max(0, amount - goods)),
    refundedNow: cents(alreadyRefunded + amount),
    whole,
  };
}
