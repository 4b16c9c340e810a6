import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { products, seers } from "../../../db/schema";
import { cents, toDecimal } from "../../../src/domain/money";
import { fillMonths, lastMonths, type MonthKey } from "../../../src/domain/months";
import type { Clock } from "../../platform/clock";
import { bookingCounts } from "../bookings";
import { ledgerByMonth, ledgerSummary } from "../payouts";
import { listedSeer } from "../seers";
import type { ApplicationCounts } from "./applications";

export interface Analytics {
  /** What was kept of every payment after refunds, summed over the ledger: consultationRevenue + shopRevenue. */
  totalRevenue: string;
  /** Charged for sessions less their refunds (the ledger's charge and refund rows). */
  consultationRevenue: string;
  /** Sacred Market sales less their refunds (the ledger's shop_sale and shop_refund rows). */
  shopRevenue: string;
  /** Bookings whose money counts: confirmed, completed, no-show, and cancelled ones that kept something. */
  paidBookings: number;
  confirmedBookings: number;
  completedSessions: number;
  cancelledBookings: number;
  /** Everything refunded to clients and shoppers (the ledger's refund and shop_refund rows). */
  refunded: string;
  /** The ledger's platform fees: booked when sessions settle. */
  platformCommission: string;
  /** The ledger's Seer shares: booked when sessions settle. */
  seerEarnings: string;
  /** Consultation revenue not yet settled: consultationRevenue = platformCommission + seerEarnings + held. */
  held: string;
  activeProducts: number;
  totalSeers: number;
  pendingApplications: number;
  totalBookings: number;
  /**
   * The last 12 months (UTC), by each ledger row's date (a charge or sale when paid): revenue kept (consultations and
   * shop apart), fees and shares booked, refunds (consultations and shop apart) and bookings paid, for the charts.
   */
  monthly: AnalyticsMonth[];
}

export interface AnalyticsMonth {
  month: MonthKey;
  revenue: string;
  consultations: string;
  shop: string;
  platformFees: string;
  seerShares: string;
  consultationRefunds: string;
  shopRefunds: string;
  bookings: number;
}

/** Integer cents from the ledger as the two-decimal amounts the admin screens show. */
const money = (amount: number): string => toDecimal(cents(amount));
const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

interface AnalyticsDeps {
  db: Db;
  clock: Clock;
  applicationCounts: () => Promise<ApplicationCounts>;
}

/**
 * docs/product.md#admin analytics. Money is summed over the ledger, never over the bookings beside it: revenue is
 * charges less refunds (consultations) plus sales less refunds (shop); commission and earnings are the fee and
 * share rows booked when sessions settle, and what is paid but not yet settled is `held`. Counts are over bookings.
 */
export async function analytics({ db, clock, applicationCounts }: AnalyticsDeps): Promise<Analytics> {
  const months = lastMonths(clock.now(), 12);
  const [b, [p], counts, ledger, byMonth, [live]] = await Promise.all([
    bookingCounts(db),
    db.select({ activeProducts: countWhere(sql`${products.isActive}`) }).from(products),
    applicationCounts(),
    ledgerSummary(db),
    ledgerByMonth(db, months[0] ?? ""),
    // Live Seers: those the directory lists (approved, with a price), not approved applications.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(seers)
      .where(listedSeer),
  ]);
  const consultations = ledger.consultationCharges - ledger.consultationRefunds;
  const shop = ledger.shopSales - ledger.shopRefunds;
  const monthly = fillMonths(
    months,
    byMonth.map((m): AnalyticsMonth => ({
      month: m.month,
      revenue: money(m.consultationCharges - m.consultationRefunds + m.shopSales - m.shopRefunds),
      consultations: money(m.consultationCharges - m.consultationRefunds),
      shop: money(m.shopSales - m.shopRefunds),
      platformFees: money(m.platformFees),
      seerShares: money(m.seerShares),
      consultationRefunds: money(m.consultationRefunds),
      shopRefunds: money(m.shopRefunds),
      bookings: m.charges,
    })),
    (month) => ({
      month,
      revenue: "0.00",
      consultations: "0.00",
      shop: "0.00",
      platformFees: "0.00",
      seerShares: "0.00",
      consultationRefunds: "0.00",
      shopRefunds: "0.00",
      bookings: 0,
    }),
  );
  return {
    totalRevenue: money(consultations + shop),
    consultationRevenue: money(consultations),
    shopRevenue: money(shop),
    paidBookings: b.paidBookings,
    confirmedBookings: b.confirmedBookings,
    completedSessions: b.completedSessions,
    cancelledBookings: b.cancelledBookings,
    refunded: money(ledger.consultationRefunds + ledger.shopRefunds),
    platformCommission: money(ledger.platformFees),
    seerEarnings: money(ledger.seerShares),
    held: money(ledger.held),
    activeProducts: p?.activeProducts ?? 0,
    totalSeers: live?.n ?? 0,
    pendingApplications: counts.pending,
    totalBookings: b.totalBookings,
    monthly,
  };
}
