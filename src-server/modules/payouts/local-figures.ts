import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { localPayouts, payoutMethods, seers, vendors } from "../../../db/schema";
import type { LocalPayoutStatus, LocalRailName } from "../../../src/domain/payout-rails";
import { methodLabel } from "./methods";

/** The Seer's local payouts, newest first: what left the balance (US cents) and what arrived (their currency). */
export async function seerLocalPayouts(db: Db, seerId: string) {
  return db
    .select({
      id: localPayouts.id,
      status: localPayouts.status,
      amount: localPayouts.amount,
      localAmount: localPayouts.localAmount,
      currency: localPayouts.currency,
      rate: localPayouts.rate,
      message: localPayouts.message,
      createdAt: localPayouts.createdAt,
    })
    .from(localPayouts)
    .where(eq(localPayouts.seerId, seerId))
    .orderBy(desc(localPayouts.createdAt), desc(localPayouts.id))
    .limit(50);
}

export interface AdminPayoutFilter {
  status?: LocalPayoutStatus | undefined;
  rail?: LocalRailName | undefined;
  /** ISO 3166 alpha-2 of the details paid to. */
  country?: string | undefined;
  /** The last row of the previous page: its time and id. */
  before?: { createdAt: Date; id: string } | undefined;
}

/** The admins' payouts screen: every local payout, filtered by state, rail and country, 50 a page, newest first. */
export async function adminPayouts(db: Db, filter: AdminPayoutFilter) {
  const where: (SQL | undefined)[] = [
    filter.status ? eq(localPayouts.status, filter.status) : undefined,
    filter.rail ? eq(localPayouts.rail, filter.rail) : undefined,
    filter.country ? eq(payoutMethods.country, filter.country) : undefined,
    filter.before
      ? or(
          lt(localPayouts.createdAt, filter.before.createdAt),
          and(eq(localPayouts.createdAt, filter.before.createdAt), lt(localPayouts.id, filter.before.id)),
        )
      : undefined,
  ];
  const rows = await db
    .select({
      id: localPayouts.id,
      seerId: localPayouts.seerId,
      // A vendor's payout (issue #46) names the business in the same column.
      seerName: sql<string>`coalesce(${seers.fullName}, ${vendors.businessName}, '')`,
      rail: localPayouts.rail,
      status: localPayouts.status,
      amount: localPayouts.amount,
      localAmount: localPayouts.localAmount,
      currency: localPayouts.currency,
      rate: localPayouts.rate,
      fee: localPayouts.fee,
      providerId: localPayouts.providerId,
      message: localPayouts.message,
      attempts: localPayouts.attempts,
      retriedAt: localPayouts.retriedAt,
      createdAt: localPayouts.createdAt,
      updatedAt: localPayouts.updatedAt,
      country: payoutMethods.country,
      institutionName: payoutMethods.institutionName,
      accountNumber: payoutMethods.accountNumber,
    })
    .from(localPayouts)
    .innerJoin(payoutMethods, eq(payoutMethods.id, localPayouts.methodId))
    .leftJoin(seers, eq(seers.id, localPayouts.seerId))
    .leftJoin(vendors, eq(vendors.id, localPayouts.vendorId))
    .where(and(...where))
    .orderBy(desc(localPayouts.createdAt), desc(localPayouts.id))
    .limit(50);
  // The account's number never leaves the server whole.
  return rows.map(({ accountNumber, institutionName, ...row }) => ({
    ...row,
    destination: methodLabel({ institutionName, accountNumber }),
  }));
}
