import { calendarConfig } from "../../platform/config";
import type { CalendarDeps } from "./deps";
import { feedAddress, feedFile, resetFeed } from "./feeds";
import { defineRefreshJob, externalBusy, refreshAllCalendars, refreshSeerCalendars } from "./read";
import { addCalendar, listCalendars, removeCalendar } from "./sources";

export { calendarsRouter } from "./router";
export { registerCalendarRoutes } from "./rest";
export { forgetCalendars } from "./personal-data";
/**
 * For the slot computation (issue #42): a Seer's busy times from their own calendars (`externalBusy(deps, seerId, from,
 * to)`), and a read of them now at booking time (`refreshSeerCalendars(deps, seerId)`, never throwing).
 * @public until the slot computation uses them
 */
export { externalBusy, refreshSeerCalendars };
/** @public until the slot computation uses it */
export type { BusyInterval } from "./busy";
export type { CalendarDeps } from "./deps";

type Rest<F> = F extends (deps: CalendarDeps, ...rest: infer A) => infer R ? (...rest: A) => R : never;

function bind<F extends (deps: CalendarDeps, ...rest: never[]) => unknown>(deps: CalendarDeps, operation: F): Rest<F> {
  return ((...rest: never[]) => operation(deps, ...rest)) as Rest<F>;
}

/**
 * Seers' calendars, outwards (a private feed per person) and inwards (their own calendars read for busy times every
 * 15 minutes and at booking time). Without a calendar config (tests), the development key, and private addresses
 * allowed.
 */
export function createCalendarService(base: Omit<CalendarDeps, "calendars"> & { calendars?: CalendarDeps["calendars"] }) {
  const deps: CalendarDeps = { ...base, calendars: base.calendars ?? calendarConfig("development") };
  defineRefreshJob(deps);
  return {
    feedAddress: bind(deps, feedAddress),
    resetFeed: bind(deps, resetFeed),
    feedFile: bind(deps, feedFile),
    listCalendars: bind(deps, listCalendars),
    addCalendar: bind(deps, addCalendar),
    removeCalendar: bind(deps, removeCalendar),
    refreshAll: () => refreshAllCalendars(deps),
    refreshSeerCalendars: bind(deps, refreshSeerCalendars),
    externalBusy: bind(deps, externalBusy),
  };
}
