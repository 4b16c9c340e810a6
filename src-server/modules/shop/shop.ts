import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../platform/cursors";
import { closestFirst, textSearch } from "../../platform/database";
import type { Db } from "../../../db/client";
import { productCategories, products } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { listedProduct } from "./listed";
import {
  INVALID_PRODUCT_CURSOR,
  PRODUCT_LIST_MAX,
  PRODUCT_NEAR_MAX,
  PRODUCT_NOT_FOUND,
  type ProductListQuery,
} from "../../../src/schemas/shop";

/** What anyone may see of a product in a listing: no vendor, no stock threshold, no timestamps. */
const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  price: products.price,
  currency: products.currency,
  categoryId: products.categoryId,
  origin: products.origin,
  spiritualUse: products.spiritualUse,
  imageUrl: products.imageUrl,
  stockQuantity: products.stockQuantity,
} as const;

export interface Product {
  id: string;
  name: string;
  slug: string;
  description: string;
  /** Two-decimal string, e.g. "24.00". */
  price: string;
  currency: string;
  categoryId: string | null;
  origin: string | null;
  spiritualUse: string | null;
  imageUrl: string | null;
  stockQuantity: number;
}

export interface ProductDetail extends Product {
  categoryName: string | null;
  lowStockThreshold: number;
  weight: string | null;
  dimensions: string | null;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
}

/** Makes user input literal inside a LIKE pattern (backslash is PostgreSQL's default LIKE escape). */

// The (is_active, created_at) index still serves: is_active is named on its own first.
const active = sql`${eq(products.isActive, true)} and ${listedProduct()}`;

export interface ProductPage {
  items: Product[];
  /** The cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

/**
 * A page's cursor: after the product `after` in the list's own order (oldest first), or, in a search whose containing
 * products are all shown, after the first `near` near matches (at most PRODUCT_NEAR_MAX, so a count is exact).
 */
const cursorSchema = z.union([
  z.strictObject({ after: z.string().min(1).max(100) }),
  z.strictObject({ near: z.number().int().min(0).max(PRODUCT_NEAR_MAX) }),
]);
type Cursor = z.infer<typeof cursorSchema>;

/** Near matches exist only in a search: such a cursor elsewhere is as invalid as a garbled one. */
const decodeProductCursor = (token: string, searched: boolean): Cursor =>
  decodeCursor(token, cursorSchema, INVALID_PRODUCT_CURSOR, (cursor) => searched || !("near" in cursor));

export function createShopService({ db }: { db: Db }) {
  /** Active products only (docs/product.md#routes-and-screens), oldest first, so the home page's "first 6" are stable. */
  // The shop's first view (no search, no category) is a hot read: prepared once.
  const shopFront = db
    .select(productColumns)
    .from(products)
    .where(active)
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(sql.placeholder("limit"))
    .prepare("shop_front");

  /**
   * After `id` in the list's order (created, then id): products are never deleted, so the row is there to compare with.
   * PostgreSQL starts the (is_active, created_at) index's walk at the row's `created_at` (a deep page of 100,000 reads
   * as few rows as the first: EXPLAIN ANALYZE, 0.09 ms), so the comparison needs no bound of its own.
   */
  const after = (id: string): SQL =>
    sql`(${products.createdAt}, ${products.id}) > (select p.created_at, p.id from ${products} p where p.id = ${id})`;

  /** `rows` read one past the page: the page, and the cursor after its last product when there is more. */
  const pageOf = (rows: Product[], limit: number): ProductPage => {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeCursor({ after: last.id } satisfies Cursor) : null };
  };

  /**
   * A page of the listing, `limit` products (PRODUCT_LIST_MAX when not asked for fewer), from the cursor on.
   * A search lists the products whose text contains it first, oldest first (an index walk or a few rows sorted,
   * whichever the planner finds cheaper), then at most PRODUCT_NEAR_MAX near matches: closest first (highest word
   * similarity), ties oldest first and then by id, the list's own order. They come through `closestFirst`, so only
   * the candidates above the threshold that fills them are scored. Exact ties can be told apart only by scoring every
   * one of them: the cap keeps the last, weakest band of near matches (hundreds of ties at 100,000 products) out of
   * reach unless fewer than PRODUCT_NEAR_MAX closer ones exist.
   */
  async function list(query: ProductListQuery): Promise<ProductPage> {
    const limit = query.limit ?? PRODUCT_LIST_MAX;
    const cursor = query.cursor ? decodeProductCursor(query.cursor, !!query.search) : null;
    if (!query.search && !query.categoryId && !cursor) return pageOf(await shopFront.execute({ limit: limit + 1 }), limit);
    const conditions: SQL[] = [active];
    if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId));
    const order = [asc(products.createdAt), asc(products.id)];
    if (!query.search) {
      if (cursor && "after" in cursor) conditions.push(after(cursor.after));
      const rows = await db
        .select(productColumns)
        .from(products)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit + 1);
      return pageOf(rows, limit);
    }
    const { substring, near, similarity } = textSearch([products.name, products.description], query.search);
    /** The first `count` near matches (at most PRODUCT_NEAR_MAX), closest first. */
    const closest = (count: number) =>
      closestFirst(db, count, (tx) =>
        tx
          .select(productColumns)
          .from(products)
          .where(and(...conditions, sql`not ${substring}`, near))
          .orderBy(sql`${similarity} desc`, ...order)
          .limit(count),
      );
    // `shown` near matches are on earlier pages; one more than the page is read, to tell whether another page follows.
    const nearFrom = async (shown: number, room: number): Promise<ProductPage> => {
      const found = await closest(Math.min(shown + room + 1, PRODUCT_NEAR_MAX));
      const more = found.length > shown + room;
      return {
        items: found.slice(shown, shown + room),
        nextCursor: more ? encodeCursor({ near: shown + room } satisfies Cursor) : null,
      };
    };
    if (cursor && "near" in cursor) return nearFrom(cursor.near, limit);
    const contained = await db
      .select(productColumns)
      .from(products)
      .where(and(...conditions, substring, ...(cursor ? [after(cursor.after)] : [])))
      .orderBy(...order)
      .limit(limit + 1);
    if (contained.length > limit) return pageOf(contained, limit);
    const rest = await nearFrom(0, limit - contained.length);
    return { items: [...contained, ...rest.items], nextCursor: rest.nextCursor };
  }

  // A product's page is a hot read: its statement is built once (drizzle's prepare), not per request.
  const productBySlug = db
    .select({
      ...productColumns,
      categoryName: productCategories.name,
      lowStockThreshold: products.lowStockThreshold,
      weight: products.weight,
      dimensions: products.dimensions,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.slug, sql.placeholder("slug")), active))
    .limit(1)
    .prepare("product_by_slug");

  /** One active product by slug; an inactive one is as missing as a deleted one. */
  async function bySlug(slug: string): Promise<ProductDetail> {
    const [row] = await productBySlug.execute({ slug });
    if (!row) throw new AppError("NOT_FOUND", PRODUCT_NOT_FOUND);
    return row;
  }

  async function categories(): Promise<Category[]> {
    return db
      .select({ id: productCategories.id, name: productCategories.name, slug: productCategories.slug })
      .from(productCategories)
      .orderBy(asc(productCategories.name), asc(productCategories.id));
  }

  return { list, bySlug, categories };
}
