import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartItems, products } from "../../db/schema";

export interface CartLine {
  id: string;
  productId: string;
  quantity: number;
  product: { name: string; price: string; imageUrl: string | null };
}

export function createCartService({ db }: { db: Db }) {
  /** A user's cart as SPEC §3 returns it: id, productId, quantity, product {name, price, imageUrl}. */
  async function list(userId: string): Promise<CartLine[]> {
    const rows = await db
      .select({
        id: cartItems.id,
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        name: products.name,
        price: products.price,
        imageUrl: products.imageUrl,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    return rows.map(({ name, price, imageUrl, ...line }) => ({ ...line, product: { name, price, imageUrl } }));
  }

  return { list };
}

export type CartService = ReturnType<typeof createCartService>;
