import { z } from "zod";
import { ORDER_STATUSES } from "../domain/enums";
import { CURRENCIES } from "../domain/currencies";
import { CARRIERS, DEFAULT_SHIPPING_METHOD, SHIPPING_METHODS } from "../domain/shipping";

/** The most products one call lists (`GET /api/products` lists this many when not asked for fewer). */
export const PRODUCT_LIST_MAX = 200;
/**
 * A search's near matches (docs/product.md#search) fill the list up to this many, the closest: six rows of the shop's
 * four columns. Typo tolerance needs the closest few, and a list filled to 200 with near matches would score the whole
 * weakest band of them (every product whose text shares 5 of 8 trigrams with 'no. 4242': 947 at 100,000 products).
 */
export const PRODUCT_NEAR_MAX = 24;
/** More of one item than anyone buys at once; also keeps quantity x price far inside numeric(10,2). */
export const MAX_LINE_QUANTITY = 99;

export const PRODUCT_NOT_FOUND = "Product Not Found";
export const CART_ITEM_NOT_FOUND = "Cart item not found";
export const CART_EMPTY = "Your cart is empty";
export const CART_CHANGED = "Your cart has changed. Please review your order and try again.";
export const ORDER_NOT_FOUND = "Order not found";
/** A shop cursor that is not one of the server's nextCursor values for this search. */
export const INVALID_PRODUCT_CURSOR = "This page of the shop is no longer valid. Please reload the list.";

const id = z.string().trim().min(1).max(100);

/** An optional filter: blank means "all", as the shop's category select defaults to all. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const productListInputSchema = z
  .object({
    search: optionalText(200),
    categoryId: optionalText(100),
    limit: z.number().int().min(1).max(PRODUCT_LIST_MAX).optional(),
    /**
     * Where the page starts: absent for the first, else the previous page's nextCursor (an opaque token: the last
     * product shown, or how many near matches were shown). Named cursor so that infinite queries drive it.
     */
    cursor: z.string().max(200).nullish(),
    /** Where the first page starts when it is not the listing's first: a `Load more` link's cursor (see seers.ts). */
    from: z.string().max(200).optional(),
  })
  .prefault({});
export type ProductListQuery = z.output<typeof productListInputSchema>;

export const productSlugSchema = z.object({ slug: z.string().trim().min(1).max(255) });

/** The shop's URL search params live with every page's in ./search.ts (zod/mini, for the first load). */
export type { ShopSearch } from "./search";

const quantity = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY}`);

/** POST /api/cart: productId and quantity (1 from the shop's Add to Cart). */
export const cartAddSchema = z.object({ productId: id, quantity: quantity.default(1) });
export type CartAddInput = z.input<typeof cartAddSchema>;

export const cartSetQuantitySchema = z.object({ id, quantity });
export type CartSetQuantityInput = z.infer<typeof cartSetQuantitySchema>;

export const cartLineIdSchema = z.object({ id });

/** The checkout's Shipping Information form (docs/product.md#entities, §5). The same schema checks the order creation payload. */
export const checkoutFormSchema = z.object({
  shippingName: z.string().trim().min(1, "Full name is required").max(200, "Full name is too long"),
  shippingEmail: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(320, "Email is too long")
    .pipe(z.email("Enter a valid email address")),
  shippingPhone: z.string().trim().min(1, "Phone is required").max(50, "Phone number is too long"),
  shippingAddress: z.string().trim().min(1, "Shipping address is required").max(1000, "Shipping address is too long"),
  shippingMethod: z.enum(SHIPPING_METHODS, { error: "Choose a shipping method" }).default(DEFAULT_SHIPPING_METHOD),
});
export type CheckoutFormValues = z.input<typeof checkoutFormSchema>;

/** Amounts travel as two-decimal strings ("34.00"), never as floating point numbers. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,8}\.\d{2}$/, "Amounts must have two decimals");

/** What the client believes it is buying: compared with the server's own pricing, never trusted. */
export const orderItemInputSchema = z.object({
  productId: id,
  productName: z.string().max(255),
  quantity,
  price: amount,
});

/** POST /api/create-order-payment: the shipping fields plus subtotal, shippingCost, total and items (docs/product.md#entities, §7). */
export const createOrderPaymentSchema = checkoutFormSchema.extend({
  subtotal: amount,
  shippingCost: amount,
  total: amount,
  items: z.array(orderItemInputSchema).min(1, CART_EMPTY).max(100),
  /** The currency the client pays in (issue #41); the total stays in US dollars, converted at today's rate. */
  currency: z.enum(CURRENCIES, "Choose a currency we take").optional().default("USD"),
});
export type CreateOrderPaymentInput = z.input<typeof createOrderPaymentSchema>;
export type CreateOrderPaymentRequest = z.output<typeof createOrderPaymentSchema>;

export const confirmOrderPaymentSchema = z.object({ paymentIntentId: z.string().trim().min(1).max(255) });
export type ConfirmOrderPaymentInput = z.infer<typeof confirmOrderPaymentSchema>;

/** The admin's orders screen: filters and a page, all in the address. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const adminOrderListSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  search: z.string().trim().max(320).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type AdminOrderListInput = z.input<typeof adminOrderListSchema>;

export const orderIdSchema = z.object({ orderId: id });

export const shipOrderSchema = z
  .object({
    orderId: id,
    carrier: z.enum(CARRIERS),
    trackingNumber: z
      .string()
      .trim()
      .min(3, "Enter the tracking number.")
      .max(100)
      .regex(/^[A-Za-z0-9 -]+$/, "A tracking number has letters, digits, spaces and dashes only."),
    /** Another carrier's tracking page. */
    trackingUrl: z
      .url({ protocol: /^https$/, error: "The tracking link must be an https:// address." })
      .max(500)
      .optional(),
  })
  .refine((v) => v.carrier !== "Other" || !!v.trackingUrl, {
    path: ["trackingUrl"],
    message: "Give the carrier's tracking link.",
  });

/** A refund in full (every line not yet refunded, and the shipping) or of some lines, with the stock put back. */
export const refundOrderSchema = z.object({
  orderId: id,
  lines: z
    .array(z.object({ productId: id, quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }))
    .max(100)
    .optional(),
  reason: z.string().trim().min(1, "Say why.").max(500),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

export const RETURN_PHOTOS_MAX = 5;
/** The shopper's return request: why, and photos uploaded first (POST /api/upload/return-photo). */
export const requestReturnSchema = z.object({
  orderId: id,
  reason: z.string().trim().min(1, "Say why you are returning the order.").max(2000),
  photoUrls: z.array(z.string().trim().max(200)).min(1, "Add at least one photo.").max(RETURN_PHOTOS_MAX),
  /** Some items only (a vendor's part, issue #46); without them, the whole order. */
  lines: z
    .array(z.object({ productId: id, quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }))
    .min(1)
    .max(100)
    .optional(),
});
export type RequestReturnInput = z.infer<typeof requestReturnSchema>;

export const decideReturnSchema = z
  .object({ orderId: id, accept: z.boolean(), note: z.string().trim().max(500).optional() })
  .refine((v) => v.accept || !!v.note, { path: ["note"], message: "Say why the return is declined." });
