import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, reviews, seers, users, type BookingStatus } from "../../../db/schema";
import { expandAvailability, type Availability, type Weekday } from "../../../src/domain/availability";
import { dateInTimeZone, timeInTimeZone, zonedDateTimeToInstant, type SessionType } from "../../../src/domain/consultations";
import { cents, toCents, toDecimal } from "../../../src/domain/money";
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
import { seerBookingLedger } from "../payouts";
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

/** A sum of integer cents, as the decimal text the dashboard shows. */
const money = (expression: SQL, condition?: SQL) =>
  sql<string>`(coalesce(sum(${expression}) filter (where ${condition ?? sql`true`}), 0) / 100.0)::numeric(12,2)::text`;

const initial = (name: string | null): string => {
  const first = name?.trim() ? Array.from(name.trim())[0] : undefined;
  return first ? ` ${first.toUpperCase()}.` : "";
};

export function createSeerDashboardService({
  db,
  clock,
  uploads,
  ledger,
}: {
  db: Db;
  clock: Clock;
  uploads: UploadService;
  /** The payouts module's ledger: a Seer's bookings are brought up to date in it before their figures are read. */
  ledger: { recordSeer(seerId: string): Promise<void> };
}) {
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
   * what they kept (their money is read from the ledger).
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
    const byBooking = seerBookingLedger(db, seer.id);
    const rows = await db
      .select({
        id: bookings.id,
        sessionType: bookings.sessionType,
        startsAt: bookings.startsAt,
        firstName: users.firstName,
        lastName: users.lastName,
        notes: bookings.notes,
        earnings: byBooking.earnings,
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
      .leftJoin(byBooking, eq(byBooking.bookingId, bookings.id))
      .where(and(eq(bookings.seerId, seer.id), where))
      .orderBy(...order)
      .limit(DASHBOARD_LIST_LIMIT);
    return rows.map(({ firstName, lastName, reviewRating, reviewComment, reviewSeerReply, earnings, ...row }) => ({
      ...row,
      seerEarnings: toDecimal(cents(earnings ?? 0)),
      review: reviewRating === null ? null : { rating: reviewRating, comment: reviewComment, seerReply: reviewSeerReply },
      seerDate: dateInTimeZone(row.startsAt, seer.timezone),
      seerTime: timeInTimeZone(row.startsAt, seer.timezone),
      clientName: `${firstName?.trim() || "Client"}${initial(lastName)}`,
    }));
  }

  /**
   * The cards and the two session lists. Upcoming are confirmed sessions from their start on; past are the held ones
   * (confirmed, completed, no-show) that have started; This Month is the calendar month on the Seer's clock. Money is
   * read from the ledger: each paid booking's share, booked at settlement or, until then, the share of what it kept
   * (docs/product.md#seer-dashboard).
   */
  async function overview(user: CurrentUser) {
    const seer = await ownSeer(user);
    await ledger.recordSeer(seer.id);
    const now = clock.now();
    const month = monthOf(now, seer.timezone);
    const byBooking = seerBookingLedger(db, seer.id);
    const [[sums], [counts]] = await Promise.all([
      db
        .select({
          totalEarnings: money(sql`${byBooking.earnings}`),
          thisMonth: money(sql`${byBooking.earnings}`, and(gte(bookings.startsAt, month.from), lt(bookings.startsAt, month.to))),
        })
        .from(byBooking)
        .innerJoin(bookings, eq(bookings.id, byBooking.bookingId)),
      db
        .select({
          upcomingSessions: sql<number>`(count(*) filter (where ${and(confirmed, gte(bookings.startsAt, now))}))::int`,
          totalSessions: sql<number>`(count(*) filter (where ${held}))::int`,
        })
        .from(bookings)
        .where(and(eq(bookings.seerId, seer.id), paid)),
    ]);
    const summary: DashboardSummary = {
      totalEarnings: sums?.totalEarnings ?? "0.00",
      thisMonth: sums?.thisMonth ?? "0.00",
      upcomingSessions: counts?.upcomingSessions ?? 0,
      totalSessions: counts?.totalSessions ?? 0,
      pastSessions: (counts?.totalSessions ?? 0) - (counts?.upcomingSessions ?? 0),
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

  /**
   * The Earnings tab. Every figure of paid bookings is a sum over the ledger (docs/product.md#money-and-the-ledger);
   * Pending Payouts alone is the split of bookings still waiting for their payment, where no money has moved yet.
   */
  async function earnings(user: CurrentUser, period: EarningsPeriod): Promise<Earnings> {
    const seer = await ownSeer(user);
    await ledger.recordSeer(seer.id);
    const now = clock.now();
    const from = periodStart(period, now, seer.timezone);
    const inPeriod = from ? gte(bookings.createdAt, from) : undefined;
    const mine = eq(bookings.seerId, seer.id);
    const byBooking = seerBookingLedger(db, seer.id);
    const months = lastMonths(now, 12, seer.timezone);
    const monthOf = sql<string>`to_char(${bookings.startsAt} at time zone ${seer.timezone}, 'YYYY-MM')`;
    const [[figures], [pending], rows, byMonth] = await Promise.all([
      db
        .select({
          confirmedEarnings: money(sql`${byBooking.earnings}`, inPeriod),
          totalAllTime: money(sql`${byBooking.earnings}`),
          platformCommission: money(sql`${byBooking.fee}`, inPeriod),
          grossRevenue: money(sql`${byBooking.kept}`, inPeriod),
          refunded: money(sql`${byBooking.refunded}`, inPeriod),
        })
        .from(byBooking)
        .innerJoin(bookings, eq(bookings.id, byBooking.bookingId)),
      db
        .select({ pendingPayouts: sql<string>`coalesce(sum(${bookings.seerEarnings}), 0)::numeric(12,2)::text` })
        .from(bookings)
        .where(and(mine, livePending(now), inPeriod)),
      db
        .select({
          id: bookings.id,
          sessionType: bookings.sessionType,
          startsAt: bookings.startsAt,
          status: bookings.status,
          price: bookings.amount,
          priceFee: bookings.platformFee,
          priceEarnings: bookings.seerEarnings,
          charged: byBooking.charged,
          refunded: byBooking.refunded,
          fee: byBooking.fee,
          earnings: byBooking.earnings,
        })
        .from(bookings)
        .leftJoin(byBooking, eq(byBooking.bookingId, bookings.id))
        .where(and(mine, or(paid, livePending(now)), inPeriod))
        .orderBy(desc(bookings.startsAt), asc(bookings.id))
        .limit(DASHBOARD_LIST_LIMIT),
      db
        .select({ month: monthOf, earnings: money(sql`${byBooking.earnings}`), sessions: sql<number>`count(*)::int` })
        .from(byBooking)
        .innerJoin(bookings, eq(bookings.id, byBooking.bookingId))
        .where(and(paid, sql`${monthOf} >= ${months[0] ?? ""}`))
        // By position: the timezone is a parameter, so the expression written twice would not be the same one.
        .groupBy(sql`1`),
    ]);
    const decimal = (value: number) => toDecimal(cents(value));
    return {
      period,
      monthly: fillMonths(months, byMonth, (month) => ({ month, earnings: "0.00", sessions: 0 })),
      confirmedEarnings: figures?.confirmedEarnings ?? "0.00",
      pendingPayouts: pending?.pendingPayouts ?? "0.00",
      totalAllTime: figures?.totalAllTime ?? "0.00",
      platformCommission: figures?.platformCommission ?? "0.00",
      grossRevenue: figures?.grossRevenue ?? "0.00",
      refunded: figures?.refunded ?? "0.00",
      // A paid booking's row is its ledger; one still waiting for its payment shows the split it would have.
      rows: rows.map(({ startsAt, price, priceFee, priceEarnings, charged, refunded, fee, earnings, ...row }) => ({
        ...row,
        amount: charged === null ? price : decimal(charged),
        refundedAmount: decimal(refunded ?? 0),
        platformFee: fee === null ? priceFee : decimal(fee),
        seerEarnings: earnings === null ? priceEarnings : decimal(earnings),
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
