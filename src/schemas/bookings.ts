import { z } from "zod";
import { CANCELLATION_REASON_MAX, REVIEW_COMMENT_MAX } from "../domain/after-payment";
import { SESSION_TYPES, isTimeSlot, isValidDate, isValidTimeZone } from "../domain/consultations";
import { CURRENCIES } from "../domain/currencies";

const id = z.string().trim().min(1, "Required").max(100);

/** docs/product.md#api POST /api/create-payment-intent; the amount is checked against the Seer's stored price. */
export const createBookingPaymentSchema = z.object({
  seerId: id,
  sessionType: z.enum(SESSION_TYPES, "Choose a 15, 30 or 60 minute session"),
  scheduledDate: z.string().refine(isValidDate, "Choose a valid date"),
  scheduledTime: z.string().refine(isTimeSlot, "Choose one of the hourly time slots from 09:00 to 20:00"),
  notes: z.string().trim().max(2000, "Notes are too long").optional().default(""),
  clientTimezone: z.string().trim().default("UTC").refine(isValidTimeZone, "Unknown timezone"),
  /** The price the client saw; when given, it must equal the stored price. */
  amount: z.union([z.number(), z.string()]).optional(),
  /** The currency the client pays in (issue #41); the price stays the Seer's in US dollars, converted at today's rate. */
  currency: z.enum(CURRENCIES, "Choose a currency we take").optional().default("USD"),
});
export type CreateBookingPaymentInput = z.input<typeof createBookingPaymentSchema>;
export type CreateBookingPayment = z.output<typeof createBookingPaymentSchema>;

export const paymentIntentIdSchema = z.object({ paymentIntentId: z.string().trim().min(1, "Required").max(255) });
export const bookingIdSchema = z.object({ bookingId: id });

export const takenSlotsSchema = z.object({
  seerId: id,
  scheduledDate: z.string().refine(isValidDate, "Choose a valid date"),
  clientTimezone: z.string().trim().default("UTC").refine(isValidTimeZone, "Unknown timezone"),
});

/** The test-mode provider's card form (Stripe's test numbers). */
export const testCardSchema = z.object({
  clientSecret: z.string().trim().min(1).max(300),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Your card number is incomplete.")),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCardInput = z.input<typeof testCardSchema>;

/** Paying by mobile money (docs/product.md#mobile-money): the number the prompt goes to, as people type it. */
export const mobileMoneySchema = z.object({
  clientSecret: z.string().trim().min(1).max(300),
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s\-().+]/g, ""))
    .pipe(z.string().regex(/^\d{8,15}$/, "Enter your mobile money number (8 to 15 digits).")),
});
export const mobileMoneyStateSchema = z.object({ clientSecret: z.string().trim().min(1).max(300) });
/** Where a local card's hosted checkout sends the client back: the booking's or the order's success page. */
export const LOCAL_CARD_RETURN_PATHS = ["/booking-success", "/order-success"] as const;
export type LocalCardReturnPath = (typeof LOCAL_CARD_RETURN_PATHS)[number];
/** Paying by a local card (docs/product.md#mobile-money): the gateway's hosted checkout for the started payment. */
export const localCardSchema = mobileMoneyStateSchema.extend({ returnPath: z.enum(LOCAL_CARD_RETURN_PATHS) });
/** The test mode's phone: Approve or Decline the waiting prompt. */
export const testPhoneSchema = mobileMoneyStateSchema.extend({ approve: z.boolean() });

/** The booking's calendar SEQUENCE as the caller saw it: a change made meanwhile refuses the request. */
const sequence = z.number().int().min(0).max(1_000_000).optional();

export const cancelBookingSchema = z.object({
  bookingId: id,
  reason: z.string().trim().max(CANCELLATION_REASON_MAX, "The reason is too long").optional().default(""),
  sequence,
});

/** An admin's cancellation: the refund is chosen (a decimal amount, at most what is left) and a reason is required. */
export const adminCancelBookingSchema = z.object({
  bookingId: id,
  refundAmount: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter an amount such as 12.50"),
  reason: z.string().trim().min(1, "Give a reason").max(CANCELLATION_REASON_MAX, "The reason is too long"),
});

export const rescheduleBookingSchema = z.object({
  bookingId: id,
  scheduledDate: z.string().refine(isValidDate, "Choose a valid date"),
  scheduledTime: z.string().refine(isTimeSlot, "Choose one of the hourly time slots from 09:00 to 20:00"),
  sequence,
});

export const proposeRescheduleSchema = z.object({
  bookingId: id,
  scheduledDate: z.string().refine(isValidDate, "Choose a valid date"),
  scheduledTime: z.string().refine(isTimeSlot, "Choose one of the hourly time slots from 09:00 to 20:00"),
  /** The timezone the Seer picked the date and time in: their own. */
  timezone: z.string().trim().default("UTC").refine(isValidTimeZone, "Unknown timezone"),
});

export const respondToProposalSchema = z.object({ bookingId: id, accept: z.boolean(), sequence });

export const reviewSchema = z.object({
  bookingId: id,
  rating: z.number().int("Choose 1 to 5 stars").min(1, "Choose 1 to 5 stars").max(5, "Choose 1 to 5 stars"),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, "A review is at most 2,000 characters").optional().default(""),
});

export const reviewReplySchema = z.object({
  bookingId: id,
  reply: z.string().trim().min(1, "Write a reply").max(REVIEW_COMMENT_MAX, "A reply is at most 2,000 characters"),
});
