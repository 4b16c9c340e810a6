import { and, asc, desc, eq, gte, or, sql } from "drizzle-orm";
import { bookings, type BookingStatus } from "../../../db/schema";
import { dateInTimeZone, timeInTimeZone, zonedDateTimeToInstant, type SessionType } from "../../../src/domain/consultations";
import { cents, toDecimal } from "../../../src/domain/money";
import { fillMonths, lastMonths, type MonthKey } from "../../../src/domain/months";
import type { EarningsPeriod } from "../../../src/schemas/dashboard";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { ownSeer } from "../seers";
import { DASHBOARD_LIST_LIMIT, livePending, money, paid, type SeerFiguresDeps } from "./seer-figures";

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

/** Where a period starts: bookings are counted by the day they were made (when the money came in). */
function periodStart(period: EarningsPeriod, now: Date, timeZone: string): Date | null {
  if (period === "30d") return new Date(now.getTime() - 30 * 86_400_000);
  if (period === "90d") return new Date(now.getTime() - 90 * 86_400_000);
  if (period === "year") return zonedDateTimeToInstant(`${dateInTimeZone(now, timeZone).slice(0, 4)}-01-01`, "00:00", timeZone);
  return null;
}

/**
 * bookings.seerEarnings, the Earnings tab (a read of bookings, so bookings owns it). Every figure of paid bookings is a sum over the ledger (docs/product.md#money-and-the-ledger);
 * Pending Payouts alone is the split of bookings still waiting for their payment, where no money has moved yet.
 */
export async function seerEarnings(
  { db, clock, seerLedger }: SeerFiguresDeps,
  user: CurrentUser,
  period: EarningsPeriod,
): Promise<Earnings> {
  const seer = await ownSeer(db, user);
  await seerLedger.recordSeer(seer.id);
  const now = clock.now();
  const from = periodStart(period, now, seer.timezone);
  const inPeriod = from ? gte(bookings.createdAt, from) : undefined;
  const mine = eq(bookings.seerId, seer.id);
  const byBooking = seerLedger.byBooking(db, seer.id);
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
