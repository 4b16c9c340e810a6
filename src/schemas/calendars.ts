import { z } from "zod";

export const calendarTexts = {
  url: "Please enter the calendar's address, starting with https://, http:// or webcal://",
  username: "Please enter the user name of your calendar account",
  password: "Please enter the password of your calendar account",
  notFound: "Calendar not found",
  tooMany: "You can add at most 5 calendars.",
  unreadablePassword: "The stored password can no longer be read. Please remove this calendar and add it again.",
} as const;

/** How many calendars a Seer may add (docs/product.md#constants-and-limits). */
export const MAX_SEER_CALENDARS = 5;

/** A calendar address: webcal:// (as Apple and Google give them) is read as https://. */
const calendarUrl = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().replace(/^webcals?:\/\//i, "https://") : v),
  z.url({ protocol: /^https?$/, error: calendarTexts.url }).max(2000, calendarTexts.url),
);

/** A Seer's own calendar (docs/product.md#seer-dashboard, Availability): an iCalendar address, or CalDAV. */
export const addCalendarSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ical"), url: calendarUrl }),
  z.object({
    kind: z.literal("caldav"),
    url: calendarUrl,
    username: z.string().trim().min(1, calendarTexts.username).max(200, calendarTexts.username),
    password: z.string().min(1, calendarTexts.password).max(500, calendarTexts.password),
  }),
]);
export type AddCalendarInput = z.infer<typeof addCalendarSchema>;

export const calendarIdSchema = z.object({ id: z.string().min(1).max(100) });
