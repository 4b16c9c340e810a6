import { and, asc, count, eq } from "drizzle-orm";
import { seerCalendars } from "../../../db/schema";
import type { CalendarKind } from "../../../src/domain/enums";
import { AppError } from "../../../src/errors";
import { calendarTexts, MAX_SEER_CALENDARS, type AddCalendarInput } from "../../../src/schemas/calendars";
import type { SessionUser } from "../../platform/trpc/context";
import { ownSeer } from "../seers";
import type { CalendarDeps } from "./deps";
import { CalendarFetchError, checkCalendarUrl } from "./guarded-fetch";
import { refreshCalendar } from "./read";
import { encryptSecret } from "./secrets";

/** A Seer's calendar as the Availability tab shows it: where it is (never its password), and how its reads go. */
export interface SeerCalendarView {
  id: string;
  kind: CalendarKind;
  /** The host (and the CalDAV user): enough to tell calendars apart without showing a secret address. */
  label: string;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  busyCount: number;
  longestBusyMinutes: number;
}

const viewOf = (row: typeof seerCalendars.$inferSelect): SeerCalendarView => {
  const host = new URL(row.url).host;
  return {
    id: row.id,
    kind: row.kind,
    label: row.kind === "caldav" && row.username ? `${row.username} at ${host}` : host,
    lastSuccessAt: row.lastSuccessAt,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
    busyCount: row.busyCount,
    longestBusyMinutes: row.longestBusyMinutes,
  };
};

/** calendars.list: the Seer's own calendars, oldest first. */
export async function listCalendars(deps: CalendarDeps, user: SessionUser): Promise<SeerCalendarView[]> {
  const seer = await ownSeer(deps.db, user);
  const rows = await deps.db
    .select()
    .from(seerCalendars)
    .where(eq(seerCalendars.seerId, seer.id))
    .orderBy(asc(seerCalendars.createdAt), asc(seerCalendars.id));
  return rows.map(viewOf);
}

/**
 * calendars.add: an iCalendar address or a CalDAV account (its password encrypted at rest), read at once; a calendar
 * that cannot be read is still added, showing why.
 */
export async function addCalendar(deps: CalendarDeps, user: SessionUser, input: AddCalendarInput): Promise<SeerCalendarView> {
  const seer = await ownSeer(deps.db, user);
  try {
    checkCalendarUrl(input.url, { allowPrivate: deps.calendars.allowPrivateAddresses });
  } catch (err) {
    if (err instanceof CalendarFetchError) throw new AppError("BAD_REQUEST", err.message);
    throw err;
  }
  const account =
    input.kind === "caldav"
      ? { username: input.username, passwordEncrypted: encryptSecret(deps.calendars.secretKey, input.password) }
      : { username: null, passwordEncrypted: null };
  // The same address again (a retried request, or a new password) updates the calendar it already is.
  const [again] = await deps.db
    .update(seerCalendars)
    .set(account)
    .where(and(eq(seerCalendars.seerId, seer.id), eq(seerCalendars.kind, input.kind), eq(seerCalendars.url, input.url)))
    .returning({ id: seerCalendars.id });
  if (!again) {
    const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(seerCalendars).where(eq(seerCalendars.seerId, seer.id));
    if (n >= MAX_SEER_CALENDARS) throw new AppError("BAD_REQUEST", calendarTexts.tooMany);
  }
  const [stored] = again
    ? [again]
    : await deps.db
        .insert(seerCalendars)
        .values({ seerId: seer.id, kind: input.kind, url: input.url, ...account })
        .returning({ id: seerCalendars.id });
  if (!stored) throw new Error("The calendar was not stored");
  await refreshCalendar(deps, stored.id);
  const [row] = await deps.db.select().from(seerCalendars).where(eq(seerCalendars.id, stored.id));
  if (!row) throw new AppError("NOT_FOUND", calendarTexts.notFound);
  return viewOf(row);
}

/** calendars.remove: the calendar and its busy times; another Seer's calendar is answered as a missing one. */
export async function removeCalendar(deps: CalendarDeps, user: SessionUser, id: string): Promise<{ id: string }> {
  const seer = await ownSeer(deps.db, user);
  const [removed] = await deps.db
    .delete(seerCalendars)
    .where(and(eq(seerCalendars.id, id), eq(seerCalendars.seerId, seer.id)))
    .returning({ id: seerCalendars.id });
  if (!removed) throw new AppError("NOT_FOUND", calendarTexts.notFound);
  return removed;
}
