import { z } from "zod";
import { isValidDate } from "../domain/consultations";
import { BUFFER_MINUTES, MAX_DAILY_CAP, MAX_HORIZON_DAYS, NOTICE_MINUTES, minutesOf } from "../domain/schedule";

/** docs/product.md#routes-and-screens /seer/dashboard, Availability: the Scheduling rules card and its limits. */
export const BUFFER_MESSAGE = "Choose 0, 5, 10, 15 or 30 minutes";
export const NOTICE_MESSAGE = "Choose one of the listed notices";
export const HORIZON_MESSAGE = `Choose between 1 and ${MAX_HORIZON_DAYS} days`;
export const DAILY_CAP_MESSAGE = `Choose between 1 and ${MAX_DAILY_CAP} sessions, or no limit`;
export const DATE_MESSAGE = "Choose a date";
export const RANGE_MESSAGE = "The last day cannot be before the first";
export const RANGE_LENGTH_MESSAGE = "Choose at most 366 days at once";
export const HOURS_MESSAGE = "Enter hours like 10:00 to 12:00, the end after the start";
export const HOURS_REQUIRED_MESSAGE = "Add at least one range of hours";
export const NOTE_MESSAGE = "Keep the note under 200 characters";

const oneOfNumbers = (values: readonly number[], message: string) =>
  z
    .number(message)
    .int(message)
    .refine((v) => values.includes(v), message);

export const scheduleRulesSchema = z.object({
  bufferBeforeMinutes: oneOfNumbers(BUFFER_MINUTES, BUFFER_MESSAGE),
  bufferAfterMinutes: oneOfNumbers(BUFFER_MINUTES, BUFFER_MESSAGE),
  noticeMinutes: oneOfNumbers(NOTICE_MINUTES, NOTICE_MESSAGE),
  horizonDays: z.number(HORIZON_MESSAGE).int(HORIZON_MESSAGE).min(1, HORIZON_MESSAGE).max(MAX_HORIZON_DAYS, HORIZON_MESSAGE),
  dailyCap: z
    .number(DAILY_CAP_MESSAGE)
    .int(DAILY_CAP_MESSAGE)
    .min(1, DAILY_CAP_MESSAGE)
    .max(MAX_DAILY_CAP, DAILY_CAP_MESSAGE)
    .nullable(),
});
export type ScheduleRulesInput = z.infer<typeof scheduleRulesSchema>;

const day = z.string(DATE_MESSAGE).trim().refine(isValidDate, DATE_MESSAGE);
const clock = z
  .string(HOURS_MESSAGE)
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, HOURS_MESSAGE);

const DAY_MS = 86_400_000;

/** Time off (kind time_off, no hours) or one or more dates' own hours, on the Seer's own dates, ends included. */
export const dateOverrideInputSchema = z
  .object({
    startDate: day,
    endDate: day,
    kind: z.enum(["time_off", "hours"]),
    hours: z
      .array(z.object({ start: clock, end: clock }))
      .max(4, "At most 4 ranges of hours")
      .default([]),
    note: z.string().trim().max(200, NOTE_MESSAGE).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.endDate < value.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: RANGE_MESSAGE });
    else if (Date.parse(value.endDate) - Date.parse(value.startDate) > 365 * DAY_MS)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: RANGE_LENGTH_MESSAGE });
    if (value.kind === "hours" && value.hours.length === 0)
      ctx.addIssue({ code: "custom", path: ["hours"], message: HOURS_REQUIRED_MESSAGE });
    if (value.hours.some((h) => minutesOf(h.end) <= minutesOf(h.start)))
      ctx.addIssue({ code: "custom", path: ["hours"], message: HOURS_MESSAGE });
  })
  .transform((value) => ({ ...value, hours: value.kind === "time_off" ? [] : value.hours }));
export type DateOverrideValue = z.output<typeof dateOverrideInputSchema>;

export const overrideIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const cancelTimeOffBookingsSchema = z.object({
  bookingIds: z.array(z.string().trim().min(1).max(100)).min(1, "Choose at least one booking").max(50),
});
