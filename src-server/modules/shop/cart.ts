import { and, asc, eq, or, sql, lte } from "drizzle-orm";
import { statement, type Db, type Queryable } from "../../../db/client";
import { columnName } from "../../platform/database";
import { cartItems, products } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { CART_ITEM_NOT_FOUND, PRODUCT_NOT_FOUND, type CartSetQuantityInput } from "../../../src/schemas/shop";
import { listedProduct } from "./listed";

export interface CartLine {
  id: string;
  productId: string;
  quantity: number;
  /** docs/product.md#entities's {name, price, imageUrl}, plus what the cart needs to link the product and cap the plus button. */
  product: { name: string; price: string; imageUrl: string | null; slug: string; stockQuantity: number; isActive: boolean };
}

export interface CartLineChange {
  id: string;
  productId: string;
  quantity: number;
}

export const productUnavailable = (name: string) => `${name} is no longer available`;
export const productOutOfStock = (name: string) => `${name} is out of stock`;
export const onlyInStock = (name: string, stock: number) => `Only ${stock} of ${name} ${stock === 1 ? "is" : "are"} in stock`;
export const allStockInCart = (name: string, stock: number) =>
  `Your cart already holds all ${stock} of ${name} that ${stock === 1 ? "is" : "are"} in stock`;

const lineColumns = { id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity } as const;

/** `add`'s one statement, built once (every purchase from the shop runs it): its values are placeholders. */
const addStatement = statement((q: Queryable) => {
  const p = sql.placeholder;
  const product = q.$with("product").as(
    q
      .select({ name: products.name, isActive: listedProduct().as("is_active"), stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, p("productId"))),
  );
  const stock = sql`(select ${product.stock} from ${product})`;
  const written = q.$with("written", lineColumns).as(sql`
    insert into ${cartItems} (${columnName(cartItems.userId)}, ${columnName(cartItems.productId)}, ${columnName(cartItems.quantity)})
    select ${p("userId")}, ${p("productId")}, least(${p("quantity")}::int, ${product.stock})
    from ${product} where ${product.isActive} and ${product.stock} >= 1
    on conflict (${columnName(cartItems.userId)}, ${columnName(cartItems.productId)}) do update
      set ${columnName(cartItems.quantity)} = least(${cartItems.quantity} + excluded.${columnName(cartItems.quantity)}, ${stock}),
          ${columnName(cartItems.updatedAt)} = now()
      where ${cartItems.quantity} < ${stock}
    returning ${cartItems.id}, ${cartItems.productId}, ${cartItems.quantity}`);
  return q
    .with(product, written)
    .select({
      name: product.name,
      isActive: product.isActive,
      stock: product.stock,
      line: { id: written.id, productId: written.productId, quantity: written.quantity },
    })
    .from(product)
    .leftJoin(written, sql`true`)
    .prepare("cart_add");
});

export function createCartService({ db }: { db: Db }) {
  /** A user's cart as docs/product.md#entities returns it: id, productId, quantity, product {name, price, imageUrl}. */
  async function list(userId: string): Promise<CartLine[]> {
    const rows = await db
      .select({
        ...lineColumns,
        name: products.name,
        price: products.price,
        imageUrl: products.imageUrl,
        slug: products.slug,
        stockQuantity: products.stockQuantity,
        isActive: products.isActive,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    return rows.map(({ name, price, imageUrl, slug, stockQuantity, isActive, ...line }) => ({
      ...line,
      product: { name, price, imageUrl, slug, stockQuantity, isActive },
    }));
  }

  /**
   * One line per product (unique user_id, product_id): adding a product already in the cart raises its
   * quantity, capped at the stock. The cart is not a reservation; stock is taken at checkout.
   *
   * One statement, so one round trip (each costs more than the statement does, docs/decisions.md 92): the product
   * is read in a CTE, the line written only when the product can be added and the cart does not already hold all of
   * its stock, and the product comes back with the line (none when nothing was written) to say why not.
   */
  async function add(userId: string, input: { productId: string; quantity: number }): Promise<CartLineChange> {
    const [row] = await addStatement(db, { userId, productId: input.productId, quantity: input.quantity });
    if (!row) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
    if (row.line) return row.line;
    if (!row.isActive) throw new AppError("CONFLICT", productUnavailable(row.name));
    if (row.stock < 1) throw new AppError("CONFLICT", productOutOfStock(row.name));
    throw new AppError("CONFLICT", allStockInCart(row.name, row.stock));
  }

  /**
   * Never below 1 (the schema) and never above stock; lowering is always allowed, so a line left above
   * a stock that has since shrunk can still be brought down. One statement, so the check and the write agree.
   */
  async function setQuantity(userId: string, input: CartSetQuantityInput): Promise<CartLineChange> {
    const [line] = await db
      .update(cartItems)
      .set({ quantity: input.quantity, updatedAt: sql`now()` })
      .from(products)
      .where(
        and(
          eq(cartItems.id, input.id),
          eq(cartItems.userId, userId),
          eq(products.id, cartItems.productId),
          or(
            lte(sql`${input.quantity}`, cartItems.quantity),
            and(lte(sql`${input.quantity}`, products.stockQuantity), listedProduct()),
          ),
        ),
      )
      .returning(lineColumns);
    if (line) return line;

    const [current] = await db
      .select({ name: products.name, isActive: listedProduct(), stock: products.stockQuantity })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, input.id), eq(cartItems.userId, userId)))
      .limit(1);
    // Another user's line is as missing as a deleted one.
    if (!current) throw new AppError("NOT_FOUND", CART_ITEM_NOT_FOUND);
    if (!current.isActive) throw new AppError("CONFLICT", productUnavailable(current.name));
    throw new AppError(
      "CONFLICT",
      current.stock < 1 ? productOutOfStock(current.name) : onlyInStock(current.name, current.stock),
    );
  }

  async function remove(userId: string, id: string): Promise<{ id: string }> {
    const [removed] = await db
      .delete(cartItems)
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
      .returning({ id: cartItems.id });
    if (!removed) throw new AppError("NOT_FOUND", CART_ITEM_NOT_FOUND);
    return removed;
  }

  return { list, add, setQuantity, remove };
}
