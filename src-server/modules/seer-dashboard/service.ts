import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, reviews, seers, users, type BookingStatus } from "../../../db/schema";
import { expandAvailability, type Availability, type Weekday } from "../../../src/domain/availability";
import { dateInTimeZone, timeInTimeZone, zonedDateTimeToInstant, type SessionType } from "../../../src/domain/consultations";
import { toCents, toDecimal } from "../../../src/domain/money";
import { AppError } from "../../../src/errors";
import {
  SEER_ONLY_MESSAGE,
  normalizeDays,
  type AvailabilityInput,
  type EarningsPeriod,
  type SeerProfileUpdate,
  type SeerTimezone,
} from "../../../src/schemas/dashboard";
import { SEER_NOT_FOUND } from "../../../src/schemas/seers";
import { fillMonths, lastMonths, type MonthKey } from "../../../src/domain/months";
import type { Clock } from "../../platform/clock";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { publicSeerColumns, type OwnSeer } from "../seers";
import type { UploadService } from "../uploads";

export const PROFILE_PHOTO_MESSAGE = "Upload a JPEG or PNG photo for your profile.";
export const NOT_YOUR_PROFILE = "You can only change your own Seer profile.";
/** The dashboard lists are a working view, not an archive. */
export const DASHBOARD_LIST_LIMIT = 200;

/** A session as its Seer sees it: the client reduced to first name and last initial, times on the Seer's clock. */
export interface DashboardSession {
  id: string;
  sessionType: SessionType;
  startsAt: Date;
  /** Date (YYYY-MM-DD) and time (HH:MM) on the Seer's wall clock, in their current timezone. */
  seerDate: string;
  seerTime: string;
  clientName: string;
  notes: string | null;
  seerEarnings: string;
  consultationLink: string | null;
  /** confirmed, or for a past session completed / no_show. */
  status: BookingStatus;
  /** Above 0: the session was moved (or a proposal of the Seer accepted). */
  calendarSequence: number;
  /** A new start the Seer proposed, still waiting for the client's answer. */
  proposedStartsAt: Date | null;
  /** The client's review of a completed session, with the Seer's reply. */
  review: { rating: number; comment: string | null; seerReply: string | null } | null;
}

export interface DashboardSummary {
  totalEarnings: string;
  thisMonth: string;
  upcomingSessions: number;
  totalSessions: number;
  pastSessions: number;
}

export interface EarningsRow {
  id: string;
  sessionType: SessionType;
  seerDate: string;
  seerTime: string;
  status: BookingStatus;
  amount: string;
  refundedAmount: string;
  platformFee: string;
  seerEarnings: string;
}

export interface Earnings {
  period: EarningsPeriod;
  confirmedEarnings: string;
  pendingPayouts: string;
  totalAllTime: string;
  platformCommission: string;
  /** Gross of the paid sessions in the period after refunds: commission + earnings. */
  grossRevenue: string;
  /** What was refunded to clients of the period's bookings. */
  refunded: string;
  rows: EarningsRow[];
  /** The last 12 months on the Seer's clock, whatever the period: earnings kept and sessions held, for the chart. */
  monthly: { month: MonthKey; earnings: string; sessions: number }[];
}

const money = (expression: SQL) => sql<string>`coalesce(sum(${expression}), 0)::numeric(12,2)::text`;
const moneyWhen = (expression: SQL, condition: SQL | undefined) =>
  sql<string>`coalesce(sum(${expression}) filter (where ${condition ?? sql`true`}), 0)::numeric(12,2)::text`;

const initial = (name: string | null): string => {
  const first = name?.trim() ? Array.from(name.trim())[0] : undefined;
  return first ? ` ${first.toUpperCase()}.` : "";
};

export function createSeerDashboardService({ db, clock, uploads }: { db: Db; clock: Clock; uploads: UploadService }) {
  const ownColumns = { ...publicSeerColumns, verificationStatus: seers.verificationStatus, availability: seers.availability };

  /** The signed-in user's own Seer profile; a user without one is not a Seer to this dashboard. */
  async function ownSeer(user: CurrentUser): Promise<OwnSeer> {
    const [seer] = await db.select(ownColumns).from(seers).where(eq(seers.userId, user.id)).limit(1);
    if (!seer) throw new AppError("FORBIDDEN", SEER_ONLY_MESSAGE);
    return seer;
  }

  const confirmed = eq(bookings.status, "confirmed");
  /** Sessions that were (or are to be) held: counted as sessions. */
  const held = inArray(bookings.status, ["confirmed", "completed", "no_show"]);
  /**
   * Paid bookings whose money counts: held sessions (a no-show was paid for) and cancelled ones, which count only
   * what they kept; every row's platformFee and seerEarnings are already reduced by its refunds.
   */
  const paid = inArray(bookings.status, ["confirmed", "completed", "no_show", "cancelled"]);
  /** docs/product.md#states-and-transitions: pending bookings count as pending payouts; only a hold still running can still be paid. */
  const livePending = (now: Date) => and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now));

  /** This calendar month on the Seer's own wall clock, as two instants. */
  function monthOf(now: Date, timeZone: string): { from: Date; to: Date } {
    const today = dateInTimeZone(now, timeZone);
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
    return {
      from: zonedDateTimeToInstant(`${today.slice(0, 7)}-01`, "00:00", timeZone),
      to: zonedDateTimeToInstant(next, "00:00", timeZone),
    };
  }

  async function sessions(seer: OwnSeer, where: SQL | undefined, order: SQL[]): Promise<DashboardSession[]> {
    const rows = await db
      .select({
        id: bookings.id,
        sessionType: bookings.sessionType,
        startsAt: bookings.startsAt,
        firstName: users.firstName,
        lastName: users.lastName,
        notes: bookings.notes,
        seerEarnings: bookings.seerEarnings,
        consultationLink: bookings.consultationLink,
        status: bookings.status,
        calendarSequence: bookings.calendarSequence,
        proposedStartsAt: bookings.proposedStartsAt,
        reviewRating: reviews.rating,
        reviewComment: reviews.comment,
        reviewSeerReply: reviews.seerReply,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.clientId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(and(eq(bookings.seerId, seer.id), where))
      .orderBy(...order)
      .limit(DASHBOARD_LIST_LIMIT);
    return rows.map(({ firstName, lastName, reviewRating, reviewComment, reviewSeerReply, ...row }) => ({
      ...row,
      review: reviewRating === null ? null : { rating: reviewRating, comment: reviewComment, seerReply: reviewSeerReply },
      seerDate: dateInTimeZone(row.startsAt, seer.timezone),
      seerTime: timeInTimeZone(row.startsAt, seer.timezone),
      clientName: `${firstName?.trim() || "Client"}${initial(lastName)}`,
    }));
  }

  /**
   * The cards and the two session lists. Upcoming are confirmed sessions from their start on; past are the held ones
   * (confirmed, completed, no-show) that have started; This Month is the calendar month on the Seer's clock. Money
   * counts every paid booking's own seerEarnings, already reduced by refunds (docs/product.md#seer-dashboard).
   */
  async function overview(user: CurrentUser) {
    const seer = await ownSeer(user);
    const now = clock.now();
    const month = monthOf(now, seer.timezone);
    const [figures] = await db
      .select({
        totalEarnings: money(sql`${bookings.seerEarnings}`),
        thisMonth: moneyWhen(
          sql`${bookings.seerEarnings}`,
          and(gte(bookings.startsAt, month.from), lt(bookings.startsAt, month.to)),
        ),
        upcomingSessions: sql<number>`(count(*) filter (where ${and(confirmed, gte(bookings.startsAt, now))}))::int`,
        totalSessions: sql<number>`(count(*) filter (where ${held}))::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.seerId, seer.id), paid));
    const summary: DashboardSummary = {
      totalEarnings: figures?.totalEarnings ?? "0.00",
      thisMonth: figures?.thisMonth ?? "0.00",
      upcomingSessions: figures?.upcomingSessions ?? 0,
      totalSessions: figures?.totalSessions ?? 0,
      pastSessions: (figures?.totalSessions ?? 0) - (figures?.upcomingSessions ?? 0),
    };
    const [upcoming, past] = await Promise.all([
      sessions(seer, and(confirmed, gte(bookings.startsAt, now)), [asc(bookings.startsAt), asc(bookings.id)]),
      sessions(seer, and(held, lt(bookings.startsAt, now)), [desc(bookings.startsAt), asc(bookings.id)]),
    ]);
    return { seer: { ...seer, availability: expandAvailability(seer.availability) }, summary, upcoming, past };
  }

  /** Where a period starts: bookings are counted by the day they were made (when the money came in). */
  function periodStart(period: EarningsPeriod, now: Date, timeZone: string): Date | null {
    if (period === "30d") return new Date(now.getTime() - 30 * 86_400_000);
    if (period === "90d") return new Date(now.getTime() - 90 * 86_400_000);
    if (period === "year") return zonedDateTimeToInstant(`${dateInTimeZone(now, timeZone).slice(0, 4)}-01-01`, "00:00", timeZone);
    return null;
  }

  async function earnings(user: CurrentUser, period: EarningsPeriod): Promise<Earnings> {
    const seer = await ownSeer(user);
    const now = clock.now();
    const from = periodStart(period, now, seer.timezone);
    const inPeriod = from ? gte(bookings.createdAt, from) : undefined;
    const mine = eq(bookings.seerId, seer.id);
    const [figures] = await db
      .select({
        confirmedEarnings: moneyWhen(sql`${bookings.seerEarnings}`, and(paid, inPeriod)),
        pendingPayouts: moneyWhen(sql`${bookings.seerEarnings}`, and(livePending(now), inPeriod)),
        totalAllTime: moneyWhen(sql`${bookings.seerEarnings}`, paid),
        platformCommission: moneyWhen(sql`${bookings.platformFee}`, and(paid, inPeriod)),
        grossRevenue: moneyWhen(sql`${bookings.platformFee} + ${bookings.seerEarnings}`, and(paid, inPeriod)),
        refunded: moneyWhen(sql`${bookings.refundedAmount}`, and(paid, inPeriod)),
      })
      .from(bookings)
      .where(and(mine, or(paid, livePending(now))));
    const rows = await db
      .select({
        id: bookings.id,
        sessionType: bookings.sessionType,
        startsAt: bookings.startsAt,
        status: bookings.status,
        amount: bookings.amount,
        refundedAmount: bookings.refundedAmount,
        platformFee: bookings.platformFee,
        seerEarnings: bookings.seerEarnings,
      })
      .from(bookings)
      .where(and(mine, or(paid, livePending(now)), inPeriod))
      .orderBy(desc(bookings.startsAt), asc(bookings.id))
      .limit(DASHBOARD_LIST_LIMIT);
    const months = lastMonths(now, 12, seer.timezone);
    const monthOf = sql<string>`to_char(${bookings.startsAt} at time zone ${seer.timezone}, 'YYYY-MM')`;
    const byMonth = await db
      .select({ month: monthOf, earnings: money(sql`${bookings.seerEarnings}`), sessions: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(mine, paid, sql`${monthOf} >= ${months[0] ?? ""}`))
      // By position: the timezone is a parameter, so the expression written twice would not be the same one.
      .groupBy(sql`1`);
    return {
      period,
      monthly: fillMonths(months, byMonth, (month) => ({ month, earnings: "0.00", sessions: 0 })),
      confirmedEarnings: figures?.confirmedEarnings ?? "0.00",
      pendingPayouts: figures?.pendingPayouts ?? "0.00",
      totalAllTime: figures?.totalAllTime ?? "0.00",
      platformCommission: figures?.platformCommission ?? "0.00",
      grossRevenue: figures?.grossRevenue ?? "0.00",
      refunded: figures?.refunded ?? "0.00",
      rows: rows.map(({ startsAt, ...row }) => ({
        ...row,
        seerDate: dateInTimeZone(startsAt, seer.timezone),
        seerTime: timeInTimeZone(startsAt, seer.timezone),
      })),
    };
  }

  /** PUT /api/seers/{id}/timezone: a missing Seer is 404; someone else's Seer is 403 (docs/product.md#roles-and-access: "set own timezone"). */
  async function setTimezone(
    user: CurrentUser,
    seerId: string,
    timezone: SeerTimezone,
  ): Promise<{ id: string; timezone: string }> {
    const [seer] = await db.select({ id: seers.id, userId: seers.userId }).from(seers).where(eq(seers.id, seerId)).limit(1);
    if (!seer) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
    if (seer.userId !== user.id) throw new AppError("FORBIDDEN", NOT_YOUR_PROFILE);
    const [row] = await db
      .update(seers)
      .set({ timezone })
      .where(eq(seers.id, seer.id))
      .returning({ id: seers.id, timezone: seers.timezone });
    if (!row) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
    return row;
  }

  /** The photo must stay what it is, be removed, or be the Seer's own profile-photo upload (judged JPEG/PNG when stored). */
  async function updateProfile(user: CurrentUser, input: SeerProfileUpdate): Promise<OwnSeer> {
    const seer = await ownSeer(user);
    const photo = input.profileImageUrl === "" ? null : input.profileImageUrl;
    if (photo !== null && photo !== seer.profileImageUrl && !(await uploads.findOwned(db, user.id, photo, "profile-photo"))) {
      throw new AppError("BAD_REQUEST", PROFILE_PHOTO_MESSAGE);
    }
    const orNull = (value: string) => (value === "" ? null : toDecimal(toCents(value)));
    await db
      .update(seers)
      .set({
        price15Min: orNull(input.price15Min),
        price30Min: orNull(input.price30Min),
        price60Min: orNull(input.price60Min),
        languages: input.languages,
        specializations: input.specializations,
        biography: input.biography,
        tradition: input.tradition,
        country: input.country,
        yearsOfPractice: input.yearsOfPractice,
        profileImageUrl: photo,
      })
      .where(eq(seers.id, seer.id));
    return ownSeer(user);
  }

  async function updateAvailability(user: CurrentUser, input: AvailabilityInput): Promise<Record<Weekday, string[]>> {
    const seer = await ownSeer(user);
    const availability: Availability = normalizeDays(input.days);
    await db.update(seers).set({ availability }).where(eq(seers.id, seer.id));
    return expandAvailability(availability);
  }

  return { overview, earnings, setTimezone, updateProfile, updateAvailability };
}
