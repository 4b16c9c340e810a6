import { z } from "zod";
import { SESSION_TYPES, isTimeSlot, isValidDate, isValidTimeZone } from "../domain/consultations";

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
