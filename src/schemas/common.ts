import { z } from "zod";

/**
 * A client's Idempotency-Key (the header on REST, an input field on tRPC): the same key gets the first answer back.
 * Visible ASCII, as Stripe's keys.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "The Idempotency-Key must be 1 to 255 visible ASCII characters.")
  .optional();
