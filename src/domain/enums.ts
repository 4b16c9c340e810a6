/**
 * Every fixed list of values, written once. zod schemas and the client use them, and db/schema turns each into the
 * database's check constraint (docs/product.md#entities), so a value cannot exist in one place and not the other.
 */
export const USER_ROLES = ["client", "seer", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SESSION_TYPES = ["15min", "30min", "60min"] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** pending and confirmed are the product's; expired, failed and cancelled free the slot. */
export const BOOKING_STATUSES = ["pending", "confirmed", "expired", "failed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const VERIFICATION_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const SHIPPING_METHODS = ["standard", "express"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const ORDER_STATUSES = ["pending", "paid", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const UPLOAD_KINDS = ["id-document", "profile-photo"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
