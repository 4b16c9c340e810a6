import { sql } from "drizzle-orm";
import { boolean, char, check, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./columns";
import { users } from "./users";
import { vendors } from "./vendors";

export const productCategories = pgTable("product_categories", {
  id: id(),
  name: varchar("name", { length: 100 }).notNull().unique(),
  slug: varchar("slug", { length: 120 }).notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    slug: varchar("slug", { length: 255 }).notNull().unique(),
    description: text("description").notNull().default(""),
    price: money("price").notNull(),
    currency: char("currency", { length: 3 }).notNull().default("USD"),
    categoryId: text("category_id").references(() => productCategories.id, { onDelete: "set null" }),
    vendorId: text("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    origin: varchar("origin", { length: 100 }),
    spiritualUse: text("spiritual_use"),
    imageUrl: varchar("image_url", { length: 500 }),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    weight: numeric("weight", { precision: 10, scale: 2 }),
    dimensions: varchar("dimensions", { length: 100 }),
    isActive: boolean("is_active").notNull().default(true),
    /** A vendor's product is listed only once an admin approved it (migration 0037); the platform's own need no approval. */
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_stock_check", sql`${t.stockQuantity} >= 0`),
    check("products_low_stock_check", sql`${t.lowStockThreshold} >= 0`),
    index("products_active_created_idx").on(t.isActive, t.createdAt),
    index("products_category_idx").on(t.categoryId),
    index("products_vendor_idx").on(t.vendorId, t.createdAt),
  ],
);
