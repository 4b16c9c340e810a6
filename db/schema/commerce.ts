import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import { CURRENCIES, type Currency } from "../../src/domain/currencies";
import { localCharges } from "./local-charges";
import { products } from "./catalog";
import { vendors } from "./vendors";
import {
  ORDER_STATUSES,
  RETURN_STATUSES,
  SHIPPING_METHODS,
  type OrderStatus,
  type ReturnStatus,
  type ShippingMethod,
} from "../../src/domain/enums";
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
  /** A vendor's line (issue #46): the vendor, and their commission in percent at the time of sale ("15.00"). */
  vendorId?: string;
  commission?: string;
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
    /** The currency of the order's total: always US dollars, the book value, whatever the client paid in. */
    currency: char("currency", { length: 3 }).notNull().default("USD"),
    /**
     * What the client was charged (issue #41): in US dollars (`total` itself), or in their own currency, its minor
     * units and the rate (units per US dollar, as `exchange_rates` held it) that turned `total` into them.
     */
    chargeCurrency: char("charge_currency", { length: 3 }).$type<Currency>().notNull().default("USD"),
    chargeAmount: bigint("charge_amount", { mode: "number" }),
    chargeRate: numeric("charge_rate", { precision: 18, scale: 6 }),
    shippingName: varchar("shipping_name", { length: 200 }).notNull(),
    shippingEmail: varchar("shipping_email", { length: 320 }).notNull(),
    shippingPhone: varchar("shipping_phone", { length: 50 }).notNull(),
    shippingAddress: text("shipping_address").notNull(),
    shippingCountry: varchar("shipping_country", { length: 100 }),
    shippingMethod: varchar("shipping_method", { length: 20 }).$type<ShippingMethod>().notNull().default("standard"),
    status: varchar("status", { length: 20 }).$type<OrderStatus>().notNull().default("pending"),
    paymentProvider: varchar("payment_provider", { length: 20 }).notNull().default("stripe"),
    /** Stripe's payment intent, when Stripe took the payment; never a local charge's id (migration 0031). */
    stripePaymentIntentId: varchar("stripe_payment_intent_id", { length: 255 }),
    /** The local charge (Paystack, Flutterwave) that takes the payment, when a gateway does (migration 0031). */
    localChargeId: varchar("local_charge_id", { length: 64 }).references(() => localCharges.id, { onDelete: "restrict" }),
    paymentIntentId: varchar("payment_intent_id", { length: 255 }).unique(),
    paymentMetadata: jsonb("payment_metadata").$type<Record<string, unknown>>(),
    /** Stock is reserved when the order is created and released if it is not paid by this instant. */
    reservationExpiresAt: timestamp("reservation_expires_at", { withTimezone: true, mode: "date" }),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    shippedAt: timestamp("shipped_at", { withTimezone: true, mode: "date" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    /** Refunded so far (admin refunds, in full or per line); the order is 'refunded' when it reaches the total. */
    refundedAmount: money("refunded_amount").notNull().default("0"),
    trackingNumber: varchar("tracking_number", { length: 100 }),
    trackingCarrier: varchar("tracking_carrier", { length: 100 }),
    /** Another carrier's tracking page (the known carriers' pages are built from the number). */
    trackingLink: varchar("tracking_link", { length: 500 }),
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
    check(
      "orders_charge_check",
      sql`case when ${t.chargeCurrency} = 'USD' then ${t.chargeAmount} is null and ${t.chargeRate} is null else ${oneOf(t.chargeCurrency, CURRENCIES)} and ${t.chargeAmount} > 0 and ${t.chargeRate} > 0 end`,
    ),
    check("orders_refunded_check", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status),
    check("orders_status_check", oneOf(t.status, ORDER_STATUSES)),
  ],
);

export const ORDER_EVENT_KINDS = [
  "shipped",
  "delivered",
  "refund",
  "return_accepted",
  "return_declined",
  "return_received",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** What was done to an order after payment, by whom and when: the order page's history. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).$type<OrderEventKind>().notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_events_kind_check", oneOf(t.kind, ORDER_EVENT_KINDS)),
    index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

/** A line of a return: which product and how many of it. */
export interface ReturnLine {
  productId: string;
  quantity: number;
}

/** A return by the Terms (within 7 days of delivery): the shopper's reason and photos, then the admin's decision. */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** Uploads of kind return-photo, the shopper's own. */
    photoIds: text("photo_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: varchar("status", { length: 20 }).$type<ReturnStatus>().notNull().default("requested"),
    decisionNote: varchar("decision_note", { length: 500 }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }),
    /**
     * The items returned (migration 0045): null for the whole order, else some lines (a vendor's item), refunded alone
     * when the parcel is received.
     */
    lines: jsonb("lines").$type<ReturnLine[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_returns_status_check", oneOf(t.status, RETURN_STATUSES)),
    check("order_returns_reason_check", sql`char_length(${t.reason}) between 1 and 2000`),
  ],
);

/**
 * A vendor's part of an order, shipped by the vendor (issue #46, migration 0042): their carrier and tracking number.
 * One row per order and vendor, so marking it shipped again changes nothing; the platform's own lines ship as before.
 */
export const vendorShipments = pgTable(
  "vendor_shipments",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "restrict" }),
    carrier: varchar("carrier", { length: 100 }).notNull(),
    trackingNumber: varchar("tracking_number", { length: 100 }).notNull(),
    /** Another carrier's tracking page (the known carriers' pages are built from the number). */
    trackingLink: varchar("tracking_link", { length: 500 }),
    shippedBy: text("shipped_by").references(() => users.id, { onDelete: "set null" }),
    shippedAt: timestamp("shipped_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The part reached the shopper (an admin marks it, migration 0045): its 7-day return window starts here. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    deliveredBy: text("delivered_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [unique("vendor_shipments_order_vendor_key").on(t.orderId, t.vendorId), index("vendor_shipments_vendor_idx").on(t.vendorId)],
);
