/**
 * Every date the client shows, in en-US, in one of four styles:
 * weekday "Tuesday, November 24, 2026", weekdayShort "Tue, Nov 24, 2026", long "November 24, 2026", short "Nov 24, 2026".
 */
const dateStyles = {
  weekday: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  weekdayShort: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  long: { year: "numeric", month: "long", day: "numeric" },
  short: { year: "numeric", month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

/** A calendar date ("YYYY-MM-DD", e.g. a booking's day) as people read it, the same whatever the browser's timezone. */
export function formatCalendarDate(date: string, style: DateStyle = "weekday"): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { ...dateStyles[style], timeZone: "UTC" });
}

/** A moment (a review, an order, an article's publication) as the day it is in the browser's timezone (or `timeZone`). */
export function formatDate(moment: Date | string, style: DateStyle = "long", timeZone?: string): string {
  return new Date(moment).toLocaleDateString("en-US", timeZone ? { ...dateStyles[style], timeZone } : dateStyles[style]);
}

/** "1,234 views", "1 view". */
export const formatViews = (count: number): string => `${count.toLocaleString("en-US")} ${count === 1 ? "view" : "views"}`;
