import { z } from "zod";
import { TIME_SLOTS } from "../domain/consultations";
import { WEEKDAYS, type Weekday } from "../domain/availability";

/** docs/product.md#routes-and-screens /seer/dashboard: the 12 timezones of the Availability tab, with the labels it shows. */
export const SEER_TIMEZONES = [
  { value: "America/New_York", label: "New York" },
  { value: "America/Chicago", label: "Chicago" },
  { value: "America/Denver", label: "Denver" },
  { value: "America/Los_Angeles", label: "Los Angeles" },
  { value: "Europe/London", label: "London" },
  { value: "Europe/Paris", label: "Paris" },
  { value: "Africa/Lagos", label: "Lagos" },
  { value: "Africa/Nairobi", label: "Nairobi" },
  { value: "Africa/Johannesburg", label: "Johannesburg" },
  { value: "Africa/Cairo", label: "Cairo" },
  { value: "Asia/Dubai", label: "Dubai" },
  { value: "UTC", label: "UTC" },
] as const;
export type SeerTimezone = (typeof SEER_TIMEZONES)[number]["value"];
const TIMEZONE_VALUES = SEER_TIMEZONES.map((zone) => zone.value) as [SeerTimezone, ...SeerTimezone[]];

export const TIMEZONE_MESSAGE = "Choose one of the listed timezones";
export const timezoneInputSchema = z.object({
  seerId: z.string().trim().min(1).max(100),
  timezone: z.enum(TIMEZONE_VALUES, TIMEZONE_MESSAGE),
});

export const EARNINGS_PERIODS = [
  { value: "all", label: "All Time" },
  { value: "30d", label: "Last 30 Days" },
  { value: "90d", label: "Last 90 Days" },
  { value: "year", label: "This Year" },
] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number]["value"];
export const earningsInputSchema = z.object({
  period: z.enum(["all", "30d", "90d", "year"]).default("all"),
});

export const PRICE_FORMAT_MESSAGE = "Enter an amount like 25 or 25.50";
export const PRICE_POSITIVE_MESSAGE = "The price must be greater than 0";
export const PRICE_REQUIRED_MESSAGE = "Offer at least one session length";

/** A session price as typed: blank means "not offered"; otherwise a positive amount with at most two decimals. */
const price = z
  .string()
  .trim()
  .max(12, PRICE_FORMAT_MESSAGE)
  .refine((value) => value === "" || /^\d{1,7}(\.\d{1,2})?$/.test(value), PRICE_FORMAT_MESSAGE)
  .refine((value) => value === "" || /[1-9]/.test(value), PRICE_POSITIVE_MESSAGE);

const tagList = (message: string, max: number) =>
  z
    .array(z.string().trim().max(100, "Keep each entry under 100 characters"))
    .max(max, `At most ${max} entries`)
    .transform((values) => [...new Set(values.filter((value) => value !== ""))])
    .refine((values) => values.length > 0, message);

export const seerProfileUpdateSchema = z
  .object({
    price15Min: price,
    price30Min: price,
    price60Min: price,
    languages: tagList("Add at least one language", 20),
    specializations: tagList("Add at least one specialization", 20),
    biography: z.string().trim().min(1, "Biography is required").max(5000, "Keep the biography under 5000 characters"),
    tradition: z.string().trim().min(1, "Tradition is required").max(200),
    country: z.string().trim().min(1, "Country is required").max(100),
    yearsOfPractice: z.coerce
      .number({ error: "Must be at least 1 year" })
      .int("Enter whole years")
      .min(1, "Must be at least 1 year")
      .max(120, "Enter a realistic number of years"),
    /** Blank removes the photo; otherwise the current photo or the URL of the Seer's own profile-photo upload. */
    profileImageUrl: z.string().trim().max(500),
  })
  .superRefine((value, ctx) => {
    if (value.price15Min === "" && value.price30Min === "" && value.price60Min === "") {
      ctx.addIssue({ code: "custom", path: ["price15Min"], message: PRICE_REQUIRED_MESSAGE });
    }
  });
export type SeerProfileUpdate = z.output<typeof seerProfileUpdateSchema>;

export const SLOT_MESSAGE = "Choose slots among the hourly times from 09:00 to 20:00";
export const availabilityInputSchema = z.object({
  days: z.partialRecord(
    z.enum(WEEKDAYS),
    z.array(z.string().refine((slot) => TIME_SLOTS.includes(slot), SLOT_MESSAGE)).max(TIME_SLOTS.length),
  ),
});
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

/** Every weekday present, slots unique and in slot order, so the stored document has one shape. */
export function normalizeDays(days: Partial<Record<Weekday, string[]>>): Record<Weekday, string[]> {
  const result = {} as Record<Weekday, string[]>;
  for (const day of WEEKDAYS) result[day] = TIME_SLOTS.filter((slot) => (days[day] ?? []).includes(slot));
  return result;
}

export const NOT_AVAILABLE_MESSAGE = "The Seer is not available at this time.";
export const SEER_ONLY_MESSAGE = "This page is only accessible to verified Seers.";
