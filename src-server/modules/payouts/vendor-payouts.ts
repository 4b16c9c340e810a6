import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { ledgerEntries, payoutMethods, vendorApplications, vendors } from "../../../db/schema";
import { RETURN_WINDOW_DAYS } from "../../../src/domain/shipping";
import type { Currency } from "../../../src/domain/currencies";
import type { LocalRailName, PayoutMethodKind } from "../../../src/domain/payout-rails";
import { withLock } from "../../platform/locks";
import type { PayoutDeps } from "./deps";
import type { LocalPayouts, Owed } from "./local";

export const PAY_VENDOR_JOB = "payouts.pay-vendor";

/** What a ledger row adds to what a vendor is owed on an order: their share, less transfers, plus reversals. */
const vendorOwedPart = sql`case ${ledgerEntries.kind} when 'vendor_share' then ${ledgerEntries.amount} when 'transfer' then -${ledgerEntries.amount} when 'reversal' then ${ledgerEntries.amount} else 0 end`;

/**
 * Whether the vendor's part of the row's order may be paid: delivered more than the return window ago (so no return of
 * it can still be asked for), and no return taking from it still open.
 */
const payablePart = (now: Date) => sql`exists (
    select 1 from vendor_shipments s
    where s.order_id = ${ledgerEntries.orderId} and s.vendor_id = ${ledgerEntries.vendorId}
      and s.delivered_at < ${new Date(now.getTime() - RETURN_WINDOW_DAYS * 86_400_000).toISOString()}::timestamptz
  ) and not exists (
    select 1 from order_returns r join orders o on o.id = r.order_id
    where r.order_id = ${ledgerEntries.orderId} and r.status in ('requested', 'accepted')
      and (r.lines is null or exists (
        select 1 from jsonb_array_elements(r.lines) l join jsonb_array_elements(o.items) i on i->>'productId' = l->>'productId'
        where i->>'vendorId' = ${ledgerEntries.vendorId}))
  )`;

/** The details stored with a vendor's approved application, as the payouts module checked them (apply.ts). */
interface StoredDetails {
  rail: LocalRailName;
  kind: PayoutMethodKind;
  country: string;
  currency: Currency;
  institutionCode: string;
  institutionName: string;
  accountNumber: string;
  accountName: string;
}

/**
 * Vendor payouts (issue #46, docs/product.md#vendors): each vendor's `vendor_share` rows, per order, once their part was
 * delivered and the 7-day return window has passed, paid through the local rails exactly as a Seer's money is (one
 * transfer of all that is owed, `local.ts`), to the payout details stored with the approved application. An order a
 * refund left overpaid after its payout is offset in the next one. Under a lock per vendor, with the payout's id fixed
 * by its job, so a retried job or a second instance pays nothing twice.
 */
export function createVendorPayouts({
  db,
  clock,
  jobs,
  local,
}: Pick<PayoutDeps, "db" | "clock" | "jobs"> & { local: LocalPayouts }) {
  /** One payout job per vendor and occasion (a minute of the sweep, an admin's retry). */
  async function requestVendorPayout(vendorId: string, occasion: string): Promise<void> {
    await jobs.send(PAY_VENDOR_JOB, { vendorId, payoutId: `po_${randomUUID()}` }, { key: `vendor:${vendorId}:${occasion}` });
  }

  /** Each order's sum owed to the vendor: payable parts when positive, any order a refund left overpaid. */
  async function owedByOrder(vendorId: string): Promise<Owed[]> {
    const rows = await db
      .select({
        orderId: ledgerEntries.orderId,
        owed: sql<string>`sum(${vendorOwedPart})::text`,
        payable: sql<boolean>`bool_and(${payablePart(clock.now())})`,
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.vendorId, vendorId),
          isNotNull(ledgerEntries.orderId),
          sql`${ledgerEntries.kind} in ('vendor_share', 'transfer', 'reversal')`,
        ),
      )
      .groupBy(ledgerEntries.orderId, ledgerEntries.vendorId);
    return rows.flatMap((r) => {
      const owed = Number(r.owed);
      return r.orderId && (owed < 0 || (owed > 0 && r.payable)) ? [{ orderId: r.orderId, owed }] : [];
    });
  }

  /**
   * The vendor's current payout details: those of their approved application, copied once into `payout_methods` (the
   * rails pay from there, and a payout names the details it went to). None without an approved application.
   */
  async function vendorMethod(vendorId: string) {
    const current = await local.currentMethod({ vendorId });
    if (current) return current;
    const [application] = await db
      .select({ details: vendorApplications.bankAccountInfo })
      .from(vendorApplications)
      .innerJoin(vendors, eq(vendors.userId, vendorApplications.userId))
      .where(and(eq(vendors.id, vendorId), eq(vendorApplications.status, "approved"), isNotNull(vendorApplications.bankAccountInfo)))
      .orderBy(desc(vendorApplications.reviewedAt))
      .limit(1);
    if (!application?.details) return undefined;
    const d = JSON.parse(application.details) as StoredDetails;
    await db
      .insert(payoutMethods)
      .values({
        vendorId,
        rail: d.rail,
        kind: d.kind,
        country: d.country,
        currency: d.currency,
        institutionCode: d.institutionCode,
        institutionName: d.institutionName,
        accountNumber: d.accountNumber,
        accountName: d.accountName,
        usableFrom: clock.now(),
      })
      .onConflictDoNothing();
    return local.currentMethod({ vendorId });
  }

  /** The payout job for one vendor (defined by service.ts, after the sweep that asks for it): all their payable shares in one transfer, once it reaches the minimum. */
  async function payVendor({ vendorId, payoutId }: { vendorId: string; payoutId: string }): Promise<void> {
    await withLock(db, `payouts:vendor:${vendorId}`, async () => {
      const method = await vendorMethod(vendorId);
      if (method) await local.pay({ vendorId }, payoutId, await owedByOrder(vendorId), method);
    });
  }

  /** The vendors with a payable share or an overpaid order: the sweep asks a payout for each. */
  async function vendorsDue(): Promise<string[]> {
    const rows = await db
      .select({ vendorId: ledgerEntries.vendorId })
      .from(ledgerEntries)
      .where(and(isNotNull(ledgerEntries.vendorId), isNotNull(ledgerEntries.orderId), sql`${ledgerEntries.kind} in ('vendor_share', 'transfer', 'reversal')`))
      .groupBy(ledgerEntries.vendorId, ledgerEntries.orderId)
      .having(sql`sum(${vendorOwedPart}) < 0 or (sum(${vendorOwedPart}) > 0 and bool_and(${payablePart(clock.now())}))`);
    return [...new Set(rows.flatMap((r) => (r.vendorId ? [r.vendorId] : [])))];
  }

  return { requestVendorPayout, payVendor, vendorsDue };
}

