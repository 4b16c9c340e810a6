import { TZDate } from "@date-fns/tz";
import ical, { type VEvent } from "node-ical";

export interface BusyInterval {
  start: Date;
  end: Date;
}

/** Which of a calendar's events block slots: not cancelled, not transparent ("free"), not marked free by Outlook. */
function blocks(event: Pick<VEvent, "status" | "transparency"> & Record<string, unknown>): boolean {
  if (event.status === "CANCELLED") return false;
  if (event.transparency === "TRANSPARENT") return false;
  const outlook = event["MICROSOFT-CDO-BUSYSTATUS"] ?? event["X-MICROSOFT-CDO-BUSYSTATUS"];
  return outlook !== "FREE";
}

/** An all-day date (node-ical makes it local midnight) as that whole day on the Seer's clock. */
function dayOnSeerClock(date: Date, timezone: string): Date {
  return new Date(new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), timezone).getTime());
}

/**
 * The busy times an iCalendar text gives between `from` and `to`: every instance of every event (RRULE, RDATE and
 * EXDATE, RECURRENCE-ID overrides, each in its own time zone across daylight-saving changes, by node-ical), all-day
 * events as whole days on the Seer's clock; events that do not block (see `blocks`) are left out, and an instance an
 * override makes free is too. An event longer than the window is kept as written (the screen flags it).
 */
export function busyFromIcs(text: string, window: { from: Date; to: Date }, seerTimezone: string): BusyInterval[] {
  const parsed = ical.sync.parseICS(text);
  const busy: BusyInterval[] = [];
  for (const component of Object.values(parsed)) {
    if (component?.type !== "VEVENT") continue;
    // A moved instance is filed under its base event's `recurrences` by node-ical; one whose base event is not in the
    // calendar (an invitation to a single instance) comes here on its own, and blocks as any event does.
    const instances = ical.expandRecurringEvent(component, { from: window.from, to: window.to, expandOngoing: true });
    for (const instance of instances) {
      if (!blocks(instance.event)) continue;
      const start = instance.isFullDay ? dayOnSeerClock(instance.start, seerTimezone) : new Date(instance.start.getTime());
      const end = instance.isFullDay ? dayOnSeerClock(instance.end, seerTimezone) : new Date(instance.end.getTime());
      // An event without an end lasts no time (RFC 5545), a whole day when all-day: neither blocks by accident.
      const until = end.getTime() > start.getTime() ? end : instance.isFullDay ? new Date(start.getTime() + 86_400_000) : null;
      if (!until || until.getTime() <= window.from.getTime() || start.getTime() >= window.to.getTime()) continue;
      busy.push({ start, end: until });
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}
