import { z } from "zod";
import { PHONE_COUNTRY_CODES } from "../domain/phone-countries";

/** docs/product.md#profile, `Phone number for SMS` (issue #44): every refusal, once. */
export const phoneTexts = {
  country: "Choose a country",
  number: "Enter a valid phone number for the country you chose.",
  code: "Enter the 6-digit code",
  wrongCode: "That code is not right. Please check the SMS and try again.",
  expired: "This code has expired. Please ask for a new one.",
  resendTooSoon: "We sent a code a moment ago. Please wait a minute before asking for another.",
  tooManyCodes: "Too many codes were sent to this number. Please try again in an hour.",
  notConfirmed: "Confirm your phone number first.",
} as const;

/** The refusal after too many wrong codes, with the wait in whole minutes. */
export function tooManyWrongCodes(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export const phoneStartSchema = z.object({
  country: z.enum(PHONE_COUNTRY_CODES, { error: phoneTexts.country }),
  number: z.string().trim().min(4, phoneTexts.number).max(30, phoneTexts.number),
});

export const phoneConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, phoneTexts.code),
});

export const phoneSmsSchema = z.object({ enabled: z.boolean() });
