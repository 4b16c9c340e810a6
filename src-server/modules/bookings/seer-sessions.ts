import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookingDisputes, bookings, reviews, users, type BookingStatus } from "../../../db/schema";
import { dateInTimeZone, timeInTimeZone, zonedDateTimeToInstant, type SessionType } from "../../../src/domain/consultations";
import type { DisputeReason, DisputeStatus } from "../../../src/domain/disputes";
import { cents, toDecimal } from "../../../src/domain/money";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { ownSeer, type OwnSeer } from "../seers";
import { cardDisputeColumns } from "./disputes";
import { confirmed, DASHBOARD_LIST_LIMIT, held, listedPast, money, paid, type SeerFiguresDeps, type SeerLedger } from "./seer-figures";

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
  /** confirmed, or for a past session completed / no_show / seer_no_show. */
  status: BookingStatus;
  /** Above 0: the session was moved (or a proposal of the Seer accepted). */
  calendarSequence: number;
  /** A new start the Seer proposed, still waiting for the client's answer. */
  proposedStartsAt: Date | null;
  /** The client's review of a completed session, with the Seer's reply. */
  review: { rating: number; comment: string | null; seerReply: string | null } | null;
  /** A problem the client reported (issue #43): the Seer sees the claim and may answer once. */
  dispute: {
    id: string;
    reason: DisputeReason;
    text: string;
    status: DisputeStatus;
    seerAnswer: string | null;
    refundAmount: string | null;
    decisionReason: string | null;
  } | null;
}

export interface DashboardSummary {
  totalEarnings: string;
  thisMonth: string;
  upcomingSessions: number;
  totalSessions: number;
  pastSessions: number;
}

const initial = (name: string | null): string => {
  const first = name?.trim() ? Array.from(name.trim())[0] : undefined;
  return first ? ` ${first.toUpperCase()}.` : "";
};

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

async function sessions(
  db: Db,
  ledger: SeerLedger,
  seer: OwnSeer,
  where: SQL | undefined,
  order: SQL[],
): Promise<DashboardSession[]> {
  const byBooking = ledger.byBooking(db, seer.id);
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
      dispute: cardDisputeColumns,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(byBooking, eq(byBooking.bookingId, bookings.id))
    .leftJoin(bookingDisputes, eq(bookingDisputes.bookingId, bookings.id))
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
 * bookings.seerSessions, the Seer dashboard's cards and its two session lists. Upcoming are confirmed sessions from their start on; past are the held ones
 * (confirmed, completed, no-show) that have started, and those the Seer missed (`seer_no_show`, not counted as held); This Month is the calendar month on the Seer's clock. Money is
 * read from the ledger: each paid booking's share, booked at settlement or, until then, the share of what it kept
 * (docs/product.md#seer-dashboard).
 */
export async function seerSessions({ db, clock, seerLedger }: SeerFiguresDeps, user: CurrentUser) {
  const seer = await ownSeer(db, user);
  await seerLedger.recordSeer(seer.id);
  const now = clock.now();
  const month = monthOf(now, seer.timezone);
  const byBooking = seerLedger.byBooking(db, seer.id);
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
        missedSessions: sql<number>`(count(*) filter (where ${bookings.status} = 'seer_no_show'))::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.seerId, seer.id), paid)),
  ]);
  const summary: DashboardSummary = {
    totalEarnings: sums?.totalEarnings ?? "0.00",
    thisMonth: sums?.thisMonth ?? "0.00",
    upcomingSessions: counts?.upcomingSessions ?? 0,
    totalSessions: counts?.totalSessions ?? 0,
    // The past list also shows the sessions the Seer missed, which are not counted as held.
    pastSessions: (counts?.totalSessions ?? 0) - (counts?.upcomingSessions ?? 0) + (counts?.missedSessions ?? 0),
  };
  const [upcoming, past] = await Promise.all([
    sessions(db, seerLedger, seer, and(confirmed, gte(bookings.startsAt, now)), [asc(bookings.startsAt), asc(bookings.id)]),
    sessions(db, seerLedger, seer, and(listedPast, lt(bookings.startsAt, now)), [desc(bookings.startsAt), asc(bookings.id)]),
  ]);
  return { summary, upcoming, past };
}
