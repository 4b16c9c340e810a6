import { sql } from "drizzle-orm";
import { char, check, index, integer, jsonb, pgTable, text, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { ORDER_STATUSES, SHIPPING_METHODS, type OrderStatus, type ShippingMethod } from "../../src/domain/enums";
import { createdAt, id, money, oneOf, updatedAt } from "./columns";
import { users } from "./users";

export const cartItems = pgTable(
  "cart_items",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("cart_items_quantity_check", sql`${t.quantity} >= 1`),
    unique("cart_items_user_product").on(t.userId, t.productId),
  ],
);

/** The items snapshot kept with an order: what was bought at what unit price, whatever the catalogue says later. */
export interface OrderItemSnapshot {
  productId: string;
  productName: string;
  quantity: number;
  price: string;
}

export type { OrderStatus, ShippingMethod } from "../../src/domain/enums";

export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderNumber: varchar("order_number", { length: 40 }).notNull().unique(),
    items: jsonb("items").$type<OrderItemSnapshot[]>().notNull(),
    subtotal: money("subtotal").notNull(),
    shippingCost: money("shipping_cost").notNull(),
    total: money("total").notNull(),
    currency: char("currency", { length: 3 }).notNull().default("USD"),
    shippingName: varchar("shipping_name", { length: 200 }).notNull(),
    shippingEmail: varchar("shipping_email", { length: 320 }).notNull(),
    shippingPhone: varchar("shipping_phone", { length: 50 }).notNull(),
    shippingAddress: text("shipping_address").notNull(),
    shippingCountry: varchar("shipping_country", { length: 100 }),
    shippingMethod: varchar("shipping_method", { length: 20 }).$type<ShippingMethod>().notNull().default("standard"),
    status: varchar("status", { length: 20 }).$type<OrderStatus>().notNull().default("pending"),
    paymentProvider: varchar("payment_provider", { length: 20 }).notNull().default("stripe"),
    stripePaymentIntentId: varchar("stripe_payment_intent_id", { length: 255 }),
    paymentIntentId: varchar("payment_intent_id", { length: 255 }).unique(),
    paymentMetadata: jsonb("payment_metadata").$type<Record<string, unknown>>(),
    /** Stock is reserved when the order is created and released if it is not paid by this instant. */
    reservationExpiresAt: timestamp("reservation_expires_at", { withTimezone: true, mode: "date" }),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    trackingNumber: varchar("tracking_number", { length: 100 }),
    trackingCarrier: varchar("tracking_carrier", { length: 100 }),
    estimatedDelivery: timestamp("estimated_delivery", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_shipping_method_check", oneOf(t.shippingMethod, SHIPPING_METHODS)),
    check(
      "orders_total_check",
      sql`${t.subtotal} >= 0 and ${t.shippingCost} >= 0 and ${t.total} = ${t.subtotal} + ${t.shippingCost}`,
    ),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status),
    check("orders_status_check", oneOf(t.status, ORDER_STATUSES)),
  ],
);
