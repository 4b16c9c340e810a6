import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { closestFirst, textSearch } from "../../platform/database";
import type { Db } from "../../../db/client";
import { productCategories, products } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { PRODUCT_LIST_MAX, PRODUCT_NEAR_MAX, PRODUCT_NOT_FOUND, type ProductListQuery } from "../../../src/schemas/shop";

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

const active = eq(products.isActive, true);

export function createCatalogService({ db }: { db: Db }) {
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
   * A search lists the products whose text contains it first, oldest first (an index walk or a few rows sorted,
   * whichever the planner finds cheaper), then, while the list is not full, at most PRODUCT_NEAR_MAX near matches:
   * closest first (highest word similarity), ties oldest first and then by id, the list's own order. They come
   * through `closestFirst`, so only the candidates above the threshold that fills them are scored. Exact ties can be
   * told apart only by scoring every one of them: the cap keeps the last, weakest band of near matches (hundreds of
   * ties at 100,000 products) out of reach unless fewer than PRODUCT_NEAR_MAX closer ones exist.
   */
  async function list(query: ProductListQuery): Promise<Product[]> {
    const limit = query.limit ?? PRODUCT_LIST_MAX;
    if (!query.search && !query.categoryId) return shopFront.execute({ limit });
    const conditions: SQL[] = [active];
    if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId));
    const order = [asc(products.createdAt), asc(products.id)];
    if (!query.search) {
      return db
        .select(productColumns)
        .from(products)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit);
    }
    const { substring, near, similarity } = textSearch([products.name, products.description], query.search);
    const contained = await db
      .select(productColumns)
      .from(products)
      .where(and(...conditions, substring))
      .orderBy(...order)
      .limit(limit);
    const room = Math.min(limit - contained.length, PRODUCT_NEAR_MAX);
    const closest = await closestFirst(db, room, (tx) =>
      tx
        .select(productColumns)
        .from(products)
        .where(and(...conditions, sql`not ${substring}`, near))
        .orderBy(sql`${similarity} desc`, ...order)
        .limit(room),
    );
    return [...contained, ...closest];
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
