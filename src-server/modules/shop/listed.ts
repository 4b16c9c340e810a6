import { sql, type SQL } from "drizzle-orm";
import { products } from "../../../db/schema";

/**
 * Whether a product is on sale (docs/product.md#vendors): active, and, when a vendor's, approved by an admin once. The
 * platform's own products (no vendor) need no approval. Every read that lists, adds to a cart or checks out uses it.
 */
export const listedProduct = (): SQL<boolean> =>
  sql<boolean>`(${products.isActive} and (${products.vendorId} is null or ${products.approvedAt} is not null))`;
