import { intlLocale } from "../../src/i18n/format-locale";

/**
 * Every date the client shows, in en-US (or fr-FR on a page in French: src/i18n/format-locale.ts), in one of four styles:
 * weekday "Tuesday, November 24, 2026", weekdayShort "Tue, Nov 24, 2026", long "November 24, 2026", short "Nov 24, 2026".
 */
const dateStyles = {
  weekday: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  weekdayShort: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  long: { year: "numeric", month: "long", day: "numeric" },
  short: { year: "numeric", month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

/**
 * One formatter per style and timezone, made once: toLocaleDateString makes a new one (and reads locale data) on every
 * call, which a page of dates pays for on a phone (issue #18).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${locale} ${style} ${timeZone ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, timeZone ? { ...dateStyles[style], timeZone } : dateStyles[style]);
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date ("YYYY-MM-DD", e.g. a booking's day) as people read it, the same whatever the browser's timezone. */
export function formatCalendarDate(date: string, style: DateStyle = "weekday"): string {
  return dateFormat(style, "UTC").format(new Date(`${date}T12:00:00Z`));
}

/** A moment (a review, an order, an article's publication) as the day it is in the browser's timezone (or `timeZone`). */
export function formatDate(moment: Date | string, style: DateStyle = "long", timeZone?: string): string {
  return dateFormat(style, timeZone).format(new Date(moment));
}

/**
 * A decimal as stored ("0.20", a product's weight), its digits kept, with the page's decimal mark: "0.20" in English,
 * "0,20" in French.
 */
export function formatDecimalText(value: string): string {
  const mark = new Intl.NumberFormat(intlLocale()).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
  return value.replace(".", mark);
}
