/**
 * Every fixed list of values, written once. zod schemas and the client use them, and db/schema turns each into the
 * database's check constraint (docs/product.md#entities), so a value cannot exist in one place and not the other.
 */
export const USER_ROLES = ["client", "seer", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SESSION_TYPES = ["15min", "30min", "60min"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

const DEFAULT_SESSION_TYPE: SessionType = "30min";
const isSessionType = (value: unknown): value is SessionType =>
  typeof value === "string" && (SESSION_TYPES as readonly string[]).includes(value);

/**
 * The `session` query parameter: 30min when missing or unknown. Here rather than in consultations.ts, so that the
 * booking route's search validation (in every page's entry chunk) does not bring in the time-zone library.
 */
export function sessionTypeOrDefault(value: unknown): SessionType {
  return isSessionType(value) ? value : DEFAULT_SESSION_TYPE;
}

/**
 * pending and confirmed hold the slot; expired, failed and cancelled free it; completed, no_show and seer_no_show are
 * sessions that ended (no_show: the client never joined the room; seer_no_show: the client joined and the Seer never
 * did, so the client was refunded in full).
 */
export const BOOKING_STATUSES = [
  "pending",
  "confirmed",
  "expired",
  "failed",
  "cancelled",
  "completed",
  "no_show",
  "seer_no_show",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who cancelled a booking; provider: a full refund made outside the app (e.g. the payment provider's dashboard). */
export const CANCELLED_BY = ["client", "seer", "admin", "provider"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** A refund's state as the payment provider reports it (Stripe's refund statuses). */
export const REFUND_STATUSES = ["pending", "requires_action", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const VERIFICATION_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const SHIPPING_METHODS = ["standard", "express"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const ORDER_STATUSES = ["pending", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const UPLOAD_KINDS = ["id-document", "profile-photo", "return-photo", "message-image", "product-image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** A contact message in the admins' inbox. */
export const CONTACT_STATUSES = ["new", "replied", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** How a Seer's own calendar is read (docs/product.md#seer-dashboard): an iCalendar address, or a CalDAV account. */
export const CALENDAR_KINDS = ["ical", "caldav"] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const RETURN_STATUSES = ["requested", "accepted", "declined", "received"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A Seer's payout account (Stripe Connect Express, or the test-mode provider's): none yet, onboarding unfinished, or able to receive transfers. */
export const PAYOUT_STATUSES = ["not_connected", "details_needed", "active"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** One movement of money in the ledger (docs/product.md#money-and-the-ledger). */
export const LEDGER_KINDS = [
  "charge",
  "refund",
  "platform_fee",
  "seer_share",
  "transfer",
  "reversal",
  "shop_sale",
  "shop_refund",
  "payout_fee",
  // A second success of one local charge (two prompts approved), and its refund through the same gateway.
  "duplicate_charge",
  "duplicate_refund",
  // A vendor's line (issue #46): the vendor's share and the platform's commission, negative when a refund takes back.
  "vendor_share",
  "vendor_commission",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
