import { eq, sql } from "drizzle-orm";
import { statement, valueOf, type Queryable } from "../../../db/client";
import { products, type OrderItemSnapshot } from "../../../db/schema";
import { PG, sqlState } from "../../platform/database";

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
    .where(eq(products.id, sql.placeholder("productId")))
    .prepare("take_stock_or_fail"),
);

const byProductId = (a: { productId: string }, b: { productId: string }) => (a.productId < b.productId ? -1 : 1);

/**
 * Takes the stock of every line at the price the shopper saw, in product id order (PostgreSQL runs them in the order
 * sent, so two orders sharing products lock them in the same order: no deadlock). A line that cannot be taken fails
 * its statement, and the transaction with it; `refused` hears which line it was. None needs another's answer.
 */
export function takeLines(
  tx: Queryable,
  lines: readonly { productId: string; quantity: number; price: string }[],
  refused: (productId: string) => void,
): PromiseLike<undefined>[] {
  return [...lines].sort(byProductId).map((line) =>
    takeStockOrFail(tx, { productId: line.productId, quantity: line.quantity, price: line.price }).then(
      () => undefined,
      (error: unknown) => {
        if (sqlState(error) === PG.CHECK_VIOLATION) refused(line.productId);
        throw error;
      },
    ),
  );
}

/** Puts the lines' stock back, in product id order (as `takeLines` takes it). */
export async function restock(tx: Queryable, items: readonly Pick<OrderItemSnapshot, "productId" | "quantity">[]): Promise<void> {
  for (const item of [...items].sort(byProductId)) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}` })
      .where(eq(products.id, item.productId));
  }
}
