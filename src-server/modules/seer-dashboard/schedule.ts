import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { bookings, seerDateOverrides, seers, users } from "../../../db/schema";
import { dateInTimeZone, zonedDateTimeToInstant } from "../../../src/domain/consultations";
import { AppError } from "../../../src/errors";
import type { DateOverrideValue, ScheduleRulesInput } from "../../../src/schemas/schedule";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import type { WarnLog } from "../../platform/database";
import { ownSeer } from "../seers";
import type { SeerDashboardDeps } from "./profile";

export const OVERRIDE_NOT_FOUND = "This date is not in your schedule.";
export const BOOKING_NOT_IN_TIME_OFF = "Booking not found.";
export const PAST_DATES_MESSAGE = "Choose dates from today on.";

const ruleColumns = {
  bufferBeforeMinutes: seers.bufferBeforeMinutes,
  bufferAfterMinutes: seers.bufferAfterMinutes,
  noticeMinutes: seers.noticeMinutes,
  horizonDays: seers.horizonDays,
  dailyCap: seers.dailyCap,
} as const;

const overrideColumns = {
  id: seerDateOverrides.id,
  startDate: seerDateOverrides.startDate,
  endDate: seerDateOverrides.endDate,
  kind: seerDateOverrides.kind,
  hours: seerDateOverrides.hours,
  note: seerDateOverrides.note,
} as const;

/** The signed-in Seer's id, zone and rules. */
async function ownSchedule({ db }: SeerDashboardDeps, user: CurrentUser) {
  const seer = await ownSeer(db, user);
  const [rules] = await db.select(ruleColumns).from(seers).where(eq(seers.id, seer.id)).limit(1);
  if (!rules) throw new AppError("NOT_FOUND", OVERRIDE_NOT_FOUND);
  return { id: seer.id, timezone: seer.timezone, rules };
}

/** seerDashboard.schedule: the Seer's rules, and their overrides and time off from today on (the Seer's dates). */
export async function schedule(deps: SeerDashboardDeps, user: CurrentUser) {
  const seer = await ownSchedule(deps, user);
  const today = dateInTimeZone(deps.clock.now(), seer.timezone);
  const overrides = await deps.db
    .select(overrideColumns)
    .from(seerDateOverrides)
    .where(and(eq(seerDateOverrides.seerId, seer.id), gte(seerDateOverrides.endDate, today)))
    .orderBy(asc(seerDateOverrides.startDate), asc(seerDateOverrides.createdAt));
  return { rules: seer.rules, overrides, today };
}

/** seerDashboard.saveRules: buffers, minimum notice, how far ahead, sessions a day. New holds and moves obey them. */
export async function saveRules(deps: SeerDashboardDeps, user: CurrentUser, input: ScheduleRulesInput) {
  const seer = await ownSchedule(deps, user);
  await deps.db.update(seers).set(input).where(eq(seers.id, seer.id));
  return input;
}

/** The Seer's confirmed bookings still to come that start on the Seer's dates from `startDate` to `endDate`. */
async function bookingsWithin(
  { db, clock }: SeerDashboardDeps,
  seer: { id: string; timezone: string },
  startDate: string,
  endDate: string,
) {
  const from = zonedDateTimeToInstant(startDate, "00:00", seer.timezone);
  const dayAfter = new Date(Date.parse(`${endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const to = zonedDateTimeToInstant(dayAfter, "00:00", seer.timezone);
  const now = clock.now();
  return db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      sessionType: bookings.sessionType,
      clientName: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(
      and(
        eq(bookings.seerId, seer.id),
        eq(bookings.status, "confirmed"),
        gte(bookings.startsAt, from.getTime() > now.getTime() ? from : now),
        lt(bookings.startsAt, to),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/**
 * seerDashboard.addOverride: time off or a date's own hours. The same override asked for again (a retry) is the one
 * already added. Time off answers the confirmed bookings inside it, for the Seer to keep or cancel.
 */
export async function addOverride(deps: SeerDashboardDeps, user: CurrentUser, input: DateOverrideValue) {
  const seer = await ownSchedule(deps, user);
  const today = dateInTimeZone(deps.clock.now(), seer.timezone);
  if (input.startDate < today) throw new AppError("BAD_REQUEST", PAST_DATES_MESSAGE);
  const note = input.note === "" ? null : input.note;
  const [same] = await deps.db
    .select(overrideColumns)
    .from(seerDateOverrides)
    .where(
      and(
        eq(seerDateOverrides.seerId, seer.id),
        eq(seerDateOverrides.startDate, input.startDate),
        eq(seerDateOverrides.endDate, input.endDate),
        eq(seerDateOverrides.kind, input.kind),
        sql`${seerDateOverrides.hours} = ${JSON.stringify(input.hours)}::jsonb`,
        note === null ? sql`${seerDateOverrides.note} is null` : eq(seerDateOverrides.note, note),
      ),
    )
    .limit(1);
  const [override] = same
    ? [same]
    : await deps.db
        .insert(seerDateOverrides)
        .values({
          seerId: seer.id,
          startDate: input.startDate,
          endDate: input.endDate,
          kind: input.kind,
          hours: input.hours,
          note,
        })
        .returning(overrideColumns);
  if (!override) throw new AppError("NOT_FOUND", OVERRIDE_NOT_FOUND);
  const affected = input.kind === "time_off" ? await bookingsWithin(deps, seer, input.startDate, input.endDate) : [];
  return { override, bookings: affected };
}

/** seerDashboard.removeOverride: another Seer's override answers as a missing one. Removing twice is a no-op refusal. */
export async function removeOverride(deps: SeerDashboardDeps, user: CurrentUser, id: string): Promise<{ id: string }> {
  const seer = await ownSchedule(deps, user);
  const [row] = await deps.db
    .delete(seerDateOverrides)
    .where(and(eq(seerDateOverrides.id, id), eq(seerDateOverrides.seerId, seer.id)))
    .returning({ id: seerDateOverrides.id });
  if (!row) throw new AppError("NOT_FOUND", OVERRIDE_NOT_FOUND);
  return row;
}

/**
 * seerDashboard.cancelTimeOffBookings: cancels the chosen bookings as the Seer's cancellation (a full refund by the
 * Terms), each through bookings' own cancel. Every id must be one of the Seer's bookings (else NOT_FOUND, nothing
 * cancelled); one cancelled already (a retry) is left as it is.
 */
export async function cancelTimeOffBookings(
  deps: SeerDashboardDeps,
  user: CurrentUser,
  bookingIds: string[],
  requestLog?: WarnLog,
): Promise<{ cancelled: string[] }> {
  const seer = await ownSchedule(deps, user);
  const ids = [...new Set(bookingIds)];
  const rows = await deps.db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.seerId, seer.id), inArray(bookings.id, ids), gt(bookings.endsAt, deps.clock.now())));
  if (rows.length !== ids.length) throw new AppError("NOT_FOUND", BOOKING_NOT_IN_TIME_OFF);
  const cancelled: string[] = [];
  for (const row of rows) {
    if (row.status === "confirmed")
      await deps.bookings.cancel(user, { bookingId: row.id, reason: "The Seer is on time off." }, requestLog);
    if (row.status === "confirmed" || row.status === "cancelled") cancelled.push(row.id);
  }
  return { cancelled };
}
