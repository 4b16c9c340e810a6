import { intlLocale } from "../i18n/format-locale";
/** "2026-11": a calendar month, as charts over time group by. */
export type MonthKey = string;

/** The `count` months up to and including the one `now` falls in (in UTC, or in `timeZone`), oldest first. */
export function lastMonths(now: Date, count: number, timeZone = "UTC"): MonthKey[] {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === "year")?.value);
  const month = Number(parts.find((p) => p.type === "month")?.value);
  const keys: MonthKey[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    keys.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return keys;
}

/** Rows by month onto every month of `keys`, the missing ones as `empty`. */
export function fillMonths<T extends { month: MonthKey }>(keys: MonthKey[], rows: T[], empty: (month: MonthKey) => T): T[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return keys.map((month) => byMonth.get(month) ?? empty(month));
}

/** "Nov 2026" for a chart's axis. */
export function monthLabel(month: MonthKey): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString(intlLocale(), { month: "short", year: "numeric", timeZone: "UTC" });
}
