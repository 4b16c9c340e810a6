import { z } from "zod";
import { LOCAL_PAYOUT_STATUSES, LOCAL_RAILS, PAYOUT_METHOD_KINDS } from "../domain/payout-rails";

/** The test-mode onboarding page's submission: the account it was opened for. */
export const testOnboardingSchema = z.object({ accountId: z.string().trim().min(1).max(64) });

/** Calls that take nothing refuse anything given, so a stray body changes nothing. */
export const noInput = z.void();

const kind = z.enum(PAYOUT_METHOD_KINDS, { message: "Choose mobile money or a bank account" });
const institutionCode = z.string().trim().min(1, "Choose your network or bank").max(40);
/** A phone or account number as people type it (spaces, dashes, a leading +): digits only are kept. */
const accountNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-().+]/g, ""))
  .pipe(z.string().regex(/^\d{6,20}$/, "Enter the number with its digits only (6 to 20)"));

export const institutionsSchema = z.object({ kind });

/** "Check the name": what the provider says the account's holder is called. */
export const resolveAccountSchema = z.object({ kind, institutionCode, accountNumber });

/**
 * Saving payout details (docs/product.md#payout-rails): the holder's name as the Seer confirmed it, and the password
 * again, so that a stolen session cannot redirect a Seer's money.
 */
export const savePayoutMethodSchema = resolveAccountSchema.extend({
  accountName: z.string().trim().min(2, "Enter the account holder's name").max(200),
  confirmName: z.literal(true, { message: "Confirm that this is your account" }),
  // Optional since issue #47: without it, the session's fresh confirmation (10 minutes) stands for it.
  currentPassword: z.string().min(1, "Enter your password").max(200, "Password is too long").optional(),
});

/** The admins' payouts screen: its filters and the page after a row. */
export const adminPayoutsSchema = z.object({
  status: z.enum(LOCAL_PAYOUT_STATUSES).optional(),
  rail: z.enum(LOCAL_RAILS).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, "A country is its two-letter code")
    .optional(),
  before: z.object({ createdAt: z.date(), id: z.string().max(64) }).optional(),
});

export const retryPayoutSchema = z.object({ payoutId: z.string().trim().min(1).max(64) });
