import { asc, eq } from "drizzle-orm";
import { DAVClient } from "tsdav";
import { seerCalendarBusy, seerCalendars, seers } from "../../../db/schema";
import { MAX_HORIZON_DAYS } from "../../../src/domain/schedule";
import { calendarTexts } from "../../../src/schemas/calendars";
import { busyFromIcs, type BusyInterval } from "./busy";
import { busyTimesBetween } from "../../platform/busy-times";
import type { CalendarDeps } from "./deps";
import { CalendarFetchError, guardedFetch } from "./guarded-fetch";
import { decryptSecret } from "./secrets";

/** The job reads every calendar this often (pg-boss cron, UTC). */
const REFRESH_EVERY = "*/15 * * * *";
const JOB = "calendars.refresh";
/** How long one calendar may take to answer in the job, and at booking time. */
const JOB_TIMEOUT_MS = 20_000;
const BOOKING_TIMEOUT_MS = 4_000;
/** The largest calendar read (bytes), and the most busy times kept of one. */
const MAX_BYTES = 5 * 1_048_576;
const MAX_BUSY = 5_000;
/** Busy times are read from a day ago (a session running now) to the longest horizon a Seer may set, and a day. */
const PAST_MS = 86_400_000;
const HORIZON_MS = (MAX_HORIZON_DAYS + 1) * 86_400_000;

type CalendarRow = typeof seerCalendars.$inferSelect & { timezone: string };

class CalendarReadError extends Error {}

/** The iCalendar texts of a calendar: the file at its address, or each event of its CalDAV collections in the window. */
async function readTexts(deps: CalendarDeps, calendar: CalendarRow, window: { from: Date; to: Date }, timeoutMs: number) {
  const fetcher = guardedFetch({ allowPrivate: deps.calendars.allowPrivateAddresses, timeoutMs, maxBytes: MAX_BYTES });
  if (calendar.kind === "ical") {
    const response = await fetcher(calendar.url, { headers: { accept: "text/calendar, */*;q=0.5" } });
    if (!response.ok) throw new CalendarReadError(`The calendar's address answered ${response.status}.`);
    const text = await response.text();
    if (!/BEGIN:VCALENDAR/i.test(text)) throw new CalendarReadError("The address did not answer with a calendar (.ics).");
    return [text];
  }
  const password = calendar.passwordEncrypted ? decryptSecret(deps.calendars.secretKey, calendar.passwordEncrypted) : null;
  if (password === null) throw new CalendarReadError(calendarTexts.unreadablePassword);
  const client = new DAVClient({
    serverUrl: calendar.url,
    credentials: { username: calendar.username ?? "", password },
    authMethod: "Basic",
    defaultAccountType: "caldav",
    fetch: fetcher,
  });
  try {
    await client.login();
  } catch (err) {
    throw new CalendarReadError(
      `The CalDAV server refused the sign-in or could not be found (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  const all = (await client.fetchCalendars()).filter((c) => !c.components || c.components.includes("VEVENT"));
  // An address naming one calendar reads that one; the account's address reads all of its calendars.
  const named = all.filter(
    (c) => new URL(c.url, calendar.url).pathname.replace(/\/$/, "") === new URL(calendar.url).pathname.replace(/\/$/, ""),
  );
  const texts: string[] = [];
  for (const collection of named.length ? named : all) {
    const objects = await client.fetchCalendarObjects({
      calendar: collection,
      timeRange: { start: window.from.toISOString(), end: window.to.toISOString() },
    });
    for (const object of objects) if (typeof object.data === "string") texts.push(object.data);
  }
  return texts;
}

const messageOf = (err: unknown) =>
  err instanceof CalendarReadError || err instanceof CalendarFetchError
    ? err.message
    : `The calendar could not be read (${err instanceof Error ? err.message : String(err)}).`;

/**
 * Reads one calendar and replaces its busy times in one transaction, noting the success; a failure is noted (its
 * message and time) and the busy times read before are kept, so a calendar that cannot be read neither frees nor
 * blocks anything new. Never throws.
 */
async function refreshOne(deps: CalendarDeps, calendar: CalendarRow, timeoutMs: number): Promise<void> {
  const now = deps.clock.now();
  const window = { from: new Date(now.getTime() - PAST_MS), to: new Date(now.getTime() + HORIZON_MS) };
  let busy: BusyInterval[];
  try {
    const texts = await readTexts(deps, calendar, window, timeoutMs);
    busy = texts.flatMap((text) => busyFromIcs(text, window, calendar.timezone)).slice(0, MAX_BUSY);
  } catch (err) {
    deps.log?.warn({ err, calendarId: calendar.id }, "a Seer's calendar could not be read");
    await deps.db
      .update(seerCalendars)
      .set({ lastError: messageOf(err).slice(0, 500), lastErrorAt: now })
      .where(eq(seerCalendars.id, calendar.id));
    return;
  }
  const longest = busy.reduce((max, b) => Math.max(max, b.end.getTime() - b.start.getTime()), 0);
  await deps.db.transaction(async (tx) => {
    const [still] = await tx
      .update(seerCalendars)
      .set({
        lastSuccessAt: now,
        lastError: null,
        lastErrorAt: null,
        busyCount: busy.length,
        longestBusyMinutes: Math.min(Math.round(longest / 60_000), 2 ** 31 - 1),
      })
      .where(eq(seerCalendars.id, calendar.id))
      .returning({ id: seerCalendars.id });
    // Removed meanwhile: nothing to store.
    if (!still) return;
    await tx.delete(seerCalendarBusy).where(eq(seerCalendarBusy.calendarId, calendar.id));
    for (let i = 0; i < busy.length; i += 500) {
      await tx
        .insert(seerCalendarBusy)
        .values(
          busy
            .slice(i, i + 500)
            .map((b) => ({ calendarId: calendar.id, seerId: calendar.seerId, startsAt: b.start, endsAt: b.end })),
        );
    }
  });
}

const calendarRows = (deps: CalendarDeps) =>
  deps.db
    .select({ calendar: seerCalendars, timezone: seers.timezone })
    .from(seerCalendars)
    .innerJoin(seers, eq(seers.id, seerCalendars.seerId));

const flat = (rows: { calendar: typeof seerCalendars.$inferSelect; timezone: string }[]): CalendarRow[] =>
  rows.map((r) => ({ ...r.calendar, timezone: r.timezone }));

/** Reads one calendar now (just added, say), within `timeoutMs`. Never throws. */
export async function refreshCalendar(deps: CalendarDeps, calendarId: string, timeoutMs = BOOKING_TIMEOUT_MS): Promise<void> {
  const [calendar] = flat(await calendarRows(deps).where(eq(seerCalendars.id, calendarId)));
  if (calendar) await refreshOne(deps, calendar, timeoutMs);
}

/**
 * Reads a Seer's calendars now, at booking time: each within a short timeout, together, never throwing (a calendar
 * that cannot be read keeps its busy times as last read).
 */
export async function refreshSeerCalendars(deps: CalendarDeps, seerId: string): Promise<void> {
  try {
    const calendars = flat(await calendarRows(deps).where(eq(seerCalendars.seerId, seerId)));
    // A CalDAV read is several requests, each within the timeout: the booking waits for all of them at most this long
    // (a read still running then finishes on its own and stores what it read).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(calendars.map((c) => refreshOne(deps, c, BOOKING_TIMEOUT_MS))),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, BOOKING_TIMEOUT_MS + 1_000))),
    ]);
    clearTimeout(timer);
  } catch (err) {
    deps.log?.warn({ err, seerId }, "a Seer's calendars could not be read at booking time");
  }
}

/** The job: every calendar, four at a time. */
export async function refreshAllCalendars(deps: CalendarDeps): Promise<void> {
  const queue = flat(await calendarRows(deps).orderBy(asc(seerCalendars.createdAt)));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await refreshOne(deps, next, JOB_TIMEOUT_MS);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

export function defineRefreshJob(deps: CalendarDeps): void {
  deps.jobs.define({ name: JOB, every: REFRESH_EVERY, retryLimit: 0, run: () => refreshAllCalendars(deps) });
}

/** The Seer's busy times from their own calendars that meet [from, to), as last read, recurrences expanded. */
export async function externalBusy(deps: CalendarDeps, seerId: string, from: Date, to: Date): Promise<BusyInterval[]> {
  return busyTimesBetween(deps.db, seerId, from, to);
}
