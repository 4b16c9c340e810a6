import { SHIPPING_METHODS, type ShippingMethod } from "./enums";
import { addCents, cents, multiplyCents, toCents, type Cents } from "./money";

/** docs/product.md#constants-and-limits: standard $10, express $25; the Shipping Method defaults to standard. */
export { SHIPPING_METHODS, type ShippingMethod };
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = "standard";

export const SHIPPING_COST: Readonly<Record<ShippingMethod, Cents>> = { standard: cents(1000), express: cents(2500) };

export function shippingCost(method: ShippingMethod): Cents {
  return SHIPPING_COST[method];
}

export interface PricedLine {
  /** Unit price as stored: a two-decimal string, or cents. */
  price: string | Cents;
  quantity: number;
}

export function lineTotal(line: PricedLine): Cents {
  const unit = typeof line.price === "string" ? toCents(line.price) : line.price;
  return multiplyCents(unit, line.quantity);
}

/** Subtotal = sum of price x quantity (docs/product.md#constants-and-limits), exact in cents. */
export function subtotalOf(lines: readonly PricedLine[]): Cents {
  return addCents(cents(0), ...lines.map(lineTotal));
}

export interface OrderTotals {
  subtotal: Cents;
  shippingCost: Cents;
  total: Cents;
}

/** Total = subtotal + shipping (docs/product.md#constants-and-limits); no tax, no free-shipping threshold. */
export function orderTotals(lines: readonly PricedLine[], method: ShippingMethod): OrderTotals {
  const subtotal = subtotalOf(lines);
  const shipping = shippingCost(method);
  return { subtotal, shippingCost: shipping, total: addCents(subtotal, shipping) };
}

/** Carriers the admin picks when shipping; each has its public tracking page. 'Other' gives its own https link. */
export const CARRIERS = ["DHL", "UPS", "FedEx", "USPS", "Ghana Post", "Other"] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Exclude<Carrier, "Other">, (n: string) => string> = {
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  "Ghana Post": (n) => `https://www.ghanapost.com.gh/track/?trackingNumber=${n}`,
};

/** The page where a parcel is followed: the carrier's own, or the link given for another carrier. */
export function trackingUrl(carrier: string, trackingNumber: string, otherUrl?: string | null): string | null {
  const page = TRACKING_PAGES[carrier as Exclude<Carrier, "Other">];
  if (page) return page(encodeURIComponent(trackingNumber));
  return otherUrl ?? null;
}

/** The Terms: a return may be asked for within this many days of delivery. */
export const RETURN_WINDOW_DAYS = 7;
/** Where accepted returns are sent. */
export const RETURN_ADDRESS = "Sacred Market Returns, 14 Independence Avenue, Accra, Ghana";
