/**
 * A calendar date ("YYYY-MM-DD") as people read it, the same whatever the browser's own timezone:
 * long "Tuesday, November 24, 2026", medium "Tue, Nov 24, 2026", short "Nov 24, 2026".
 */
const calendarStyles: Record<"long" | "medium" | "short", Intl.DateTimeFormatOptions> = {
  long: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  medium: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  short: { year: "numeric", month: "short", day: "numeric" },
};

export function formatCalendarDate(date: string, style: keyof typeof calendarStyles = "long"): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { ...calendarStyles[style], timeZone: "UTC" });
}
