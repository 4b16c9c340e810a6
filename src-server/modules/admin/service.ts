import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, products, seerApplications, seers, users, type ApplicationStatus } from "../../../db/schema";
import { cents, toDecimal } from "../../../src/domain/money";
import { AppError } from "../../../src/errors";
import { fillMonths, lastMonths, type MonthKey } from "../../../src/domain/months";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import { applicationDecisionEmail } from "../applications";
import { ledgerByMonth, ledgerSummary } from "../payouts";
import { listedSeer } from "../seers";
import type { Outbox } from "../../platform/mail";

export const APPLICATION_NOT_FOUND = "Application not found";
export const ALREADY_REVIEWED = "This application has already been reviewed";
/** docs/product.md#constants-and-limits: the admin bookings list shows 20 rows. */
export const ADMIN_BOOKINGS_SHOWN = 20;
/** A page of applications per status is plenty for a review queue; the counts stay exact. */
export const ADMIN_APPLICATIONS_LIMIT = 200;

const applicationColumns = {
  id: seerApplications.id,
  userId: seerApplications.userId,
  fullName: seerApplications.fullName,
  country: seerApplications.country,
  contactEmail: seerApplications.contactEmail,
  contactPhone: seerApplications.contactPhone,
  tradition: seerApplications.tradition,
  lineageInfo: seerApplications.lineageInfo,
  yearsOfPractice: seerApplications.yearsOfPractice,
  specializations: seerApplications.specializations,
  biography: seerApplications.biography,
  ethicsStatement: seerApplications.ethicsStatement,
  idDocumentUrl: seerApplications.idDocumentUrl,
  status: seerApplications.status,
  reviewNotes: seerApplications.reviewNotes,
  reviewedAt: seerApplications.reviewedAt,
  createdAt: seerApplications.createdAt,
} as const;

export interface AdminApplication {
  id: string;
  userId: string;
  fullName: string;
  country: string;
  contactEmail: string;
  contactPhone: string | null;
  tradition: string;
  lineageInfo: string;
  yearsOfPractice: number;
  specializations: string[];
  biography: string;
  ethicsStatement: string;
  idDocumentUrl: string;
  status: ApplicationStatus;
  reviewNotes: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export type ApplicationCounts = Record<ApplicationStatus, number>;

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

export function createAdminService({
  db,
  clock,
  outbox,
  config,
  sessionsChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
  /** This instance's session cache told that an approved applicant became a Seer. */
  sessionsChanged?: (userId: string) => void;
}) {
  async function applicationCounts(): Promise<ApplicationCounts> {
    const [row] = await db
      .select({
        pending: countWhere(sql`${seerApplications.status} = 'pending'`),
        approved: countWhere(sql`${seerApplications.status} = 'approved'`),
        rejected: countWhere(sql`${seerApplications.status} = 'rejected'`),
      })
      .from(seerApplications);
    return row ?? { pending: 0, approved: 0, rejected: 0 };
  }

  /** Applications of one status (or all), newest first, with the count of each status. */
  async function listApplications(
    status?: ApplicationStatus,
  ): Promise<{ applications: AdminApplication[]; counts: ApplicationCounts }> {
    const [applications, counts] = await Promise.all([
      db
        .select(applicationColumns)
        .from(seerApplications)
        .where(status ? eq(seerApplications.status, status) : undefined)
        .orderBy(desc(seerApplications.createdAt), desc(seerApplications.id))
        .limit(ADMIN_APPLICATIONS_LIMIT),
      applicationCounts(),
    ]);
    return { applications, counts };
  }

  /**
   * Reviews a pending application in one transaction. The conditional UPDATE ... WHERE status = 'pending'
   * makes a second (or concurrent) review find nothing to change, so it is refused rather than applied twice.
   */
  async function review(
    input: { id: string; status: "approved" | "rejected"; reviewNotes: string | null },
    reviewerId: string,
  ): Promise<AdminApplication> {
    const application = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(seerApplications)
        .set({ status: input.status, reviewNotes: input.reviewNotes, reviewedAt: clock.now(), reviewedBy: reviewerId })
        .where(and(eq(seerApplications.id, input.id), eq(seerApplications.status, "pending")))
        .returning(applicationColumns);
      if (!updated) {
        const [existing] = await tx
          .select({ id: seerApplications.id })
          .from(seerApplications)
          .where(eq(seerApplications.id, input.id))
          .limit(1);
        throw existing ? new AppError("CONFLICT", ALREADY_REVIEWED) : new AppError("NOT_FOUND", APPLICATION_NOT_FOUND);
      }
      if (updated.status === "approved") {
        const profile = {
          fullName: updated.fullName,
          country: updated.country,
          tradition: updated.tradition,
          specializations: updated.specializations,
          biography: updated.biography,
          yearsOfPractice: updated.yearsOfPractice,
          verificationStatus: "approved" as const,
        };
        // seers.userId is unique: a returning applicant's existing profile is refreshed, not duplicated.
        await tx
          .insert(seers)
          .values({ userId: updated.userId, ...profile })
          .onConflictDoUpdate({ target: seers.userId, set: profile });
        // An admin who is also a Seer keeps the admin role (a user has one role).
        await tx
          .update(users)
          .set({ role: "seer" })
          .where(and(eq(users.id, updated.userId), eq(users.role, "client")));
      }
      // The decision and its e-mail commit together; the e-mail is sent, and retried, out of the request.
      await outbox.send(
        `application-decision:${updated.id}`,
        applicationDecisionEmail(updated, input.status, updated.reviewNotes, config.publicUrl),
        { tx },
      );
      return updated;
    });
    if (input.status === "approved") sessionsChanged(application.userId);
    return application;
  }

  /**
   * docs/product.md#admin analytics. Money is summed over the ledger, never over the bookings beside it: revenue is
   * charges less refunds (consultations) plus sales less refunds (shop); commission and earnings are the fee and
   * share rows booked when sessions settle, and what is paid but not yet settled is `held`. Counts are over bookings.
   */
  async function analytics(): Promise<Analytics> {
    const confirmed = sql`${bookings.status} = 'confirmed'`;
    const months = lastMonths(clock.now(), 12);
    const [[b], [p], counts, ledger, byMonth, [live]] = await Promise.all([
      db
        .select({
          paidBookings: countWhere(
            sql`${bookings.status} in ('confirmed', 'completed', 'no_show') or (${bookings.status} = 'cancelled' and ${bookings.platformFee} + ${bookings.seerEarnings} > 0)`,
          ),
          confirmedBookings: countWhere(confirmed),
          completedSessions: countWhere(sql`${bookings.status} = 'completed'`),
          cancelledBookings: countWhere(sql`${bookings.status} = 'cancelled'`),
          totalBookings: sql<number>`count(*)::int`,
        })
        .from(bookings),
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
      paidBookings: b?.paidBookings ?? 0,
      confirmedBookings: b?.confirmedBookings ?? 0,
      completedSessions: b?.completedSessions ?? 0,
      cancelledBookings: b?.cancelledBookings ?? 0,
      refunded: money(ledger.consultationRefunds + ledger.shopRefunds),
      platformCommission: money(ledger.platformFees),
      seerEarnings: money(ledger.seerShares),
      held: money(ledger.held),
      activeProducts: p?.activeProducts ?? 0,
      totalSeers: live?.n ?? 0,
      pendingApplications: counts.pending,
      totalBookings: b?.totalBookings ?? 0,
      monthly,
    };
  }

  /** The newest 20 bookings and how many there are in all ('Showing 20 of N bookings'). */
  async function recentBookings() {
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: bookings.id,
          status: bookings.status,
          sessionType: bookings.sessionType,
          amount: bookings.amount,
          refundedAmount: bookings.refundedAmount,
          scheduledDate: bookings.scheduledDate,
          scheduledTime: bookings.scheduledTime,
          platformFee: bookings.platformFee,
          seerEarnings: bookings.seerEarnings,
          notes: bookings.notes,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(ADMIN_BOOKINGS_SHOWN),
      db.select({ count: sql<number>`count(*)::int` }).from(bookings),
    ]);
    return { bookings: rows, total: total?.count ?? 0 };
  }

  /** Every product, active or not, those out of stock or low on stock first (docs/product.md#admin). */
  async function listProducts() {
    return (
      db
        .select({
          id: products.id,
          name: products.name,
          description: products.description,
          price: products.price,
          currency: products.currency,
          imageUrl: products.imageUrl,
          stockQuantity: products.stockQuantity,
          isActive: products.isActive,
        })
        .from(products)
        // Out of stock first, then at or below the product's threshold, then the rest; by name within each.
        .orderBy(
          sql`case when ${products.stockQuantity} <= 0 then 0 when ${products.stockQuantity} <= ${products.lowStockThreshold} then 1 else 2 end`,
          asc(products.name),
          asc(products.id),
        )
    );
  }

  return { listApplications, review, analytics, recentBookings, listProducts };
}
