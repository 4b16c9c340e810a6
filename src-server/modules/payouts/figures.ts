import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries } from "../../../db/schema";
import { PLATFORM_FEE_PERCENT } from "../../../src/domain/consultations";
import type { LedgerKind } from "../../../src/domain/enums";
import type { MonthKey } from "../../../src/domain/months";
import type { Currency } from "../../../src/domain/currencies";

/** The money figures every admin screen reads, summed over the ledger, in integer cents. */
export interface LedgerSummary {
  consultationCharges: number;
  consultationRefunds: number;
  platformFees: number;
  seerShares: number;
  paidToSeers: number;
  owedToSeers: number;
  /** Paid consultations not yet settled: what is held until their sessions settle. */
  held: number;
  shopSales: number;
  shopRefunds: number;
  /** What the payout providers charged for local transfers: the platform's cost, never taken from a Seer. */
  payoutFees: number;
  /**
   * Money in and out by the currency it moved in (issues #40, #41), the currencies that moved at all, US dollars first:
   * what clients paid less refunds, and what reached Seers less what came back, each in the currency's own minor
   * units and as book value (US cents) at the rates of the day each moved.
   */
  byCurrency: CurrencyFigures[];
}

export interface CurrencyFigures {
  currency: Currency;
  /** Charges and sales less refunds: minor units of the currency, and US cents. */
  takenLocal: number;
  taken: number;
  /** Transfers to Seers less reversals. */
  paidOutLocal: number;
  paidOut: number;
}

/** One month of the ledger (UTC, by each row's date), in integer cents; `charges` counts bookings paid. */
export interface LedgerMonth {
  month: MonthKey;
  consultationCharges: number;
  consultationRefunds: number;
  platformFees: number;
  seerShares: number;
  shopSales: number;
  shopRefunds: number;
  charges: number;
}

const sumOf = (kind: LedgerKind) =>
  sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${kind}), 0)::text`;

const seersOnly = (kind: LedgerKind) =>
  sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${kind} and ${ledgerEntries.vendorId} is null), 0)::text`;

/** Every kind's sum in one pass over the ledger, and what follows from them (docs/product.md#money-and-the-ledger). */
export async function ledgerSummary(db: Db): Promise<LedgerSummary> {
  const [row] = await db
    .select({
      charge: sumOf("charge"),
      refund: sumOf("refund"),
      fee: sumOf("platform_fee"),
      share: sumOf("seer_share"),
      // Paid to Seers: a vendor's transfers (issue #46) are theirs, not a Seer's.
      transfer: seersOnly("transfer"),
      reversal: seersOnly("reversal"),
      sale: sumOf("shop_sale"),
      shopRefund: sumOf("shop_refund"),
      payoutFee: sumOf("payout_fee"),
    })
    .from(ledgerEntries);
  const n = (value: string | undefined) => Number(value ?? 0);
  const charges = n(row?.charge);
  const refunds = n(row?.refund);
  const fees = n(row?.fee);
  const shares = n(row?.share);
  const paidToSeers = n(row?.transfer) - n(row?.reversal);
  return {
    consultationCharges: charges,
    consultationRefunds: refunds,
    platformFees: fees,
    seerShares: shares,
    paidToSeers,
    owedToSeers: shares - paidToSeers,
    held: charges - refunds - fees - shares,
    shopSales: n(row?.sale),
    shopRefunds: n(row?.shopRefund),
    payoutFees: n(row?.payoutFee),
    byCurrency: await ledgerByCurrency(db),
  };
}

/** The ledger's money in and out, by currency (LedgerSummary.byCurrency). */
async function ledgerByCurrency(db: Db): Promise<CurrencyFigures[]> {
  const local = sql`coalesce(${ledgerEntries.localAmount}, ${ledgerEntries.amount})`;
  const signed = (kinds: { plus: LedgerKind[]; minus: LedgerKind[] }, value: typeof local | typeof ledgerEntries.amount) =>
    sql<string>`coalesce(sum(case when ${ledgerEntries.kind} in (${sql.join(
      kinds.plus.map((k) => sql`${k}`),
      sql`, `,
    )}) then ${value} when ${ledgerEntries.kind} in (${sql.join(
      kinds.minus.map((k) => sql`${k}`),
      sql`, `,
    )}) then -${value} else 0 end), 0)::text`;
  const taken = { plus: ["charge", "shop_sale"] as LedgerKind[], minus: ["refund", "shop_refund"] as LedgerKind[] };
  const paid = { plus: ["transfer"] as LedgerKind[], minus: ["reversal"] as LedgerKind[] };
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      takenLocal: signed(taken, local),
      taken: signed(taken, ledgerEntries.amount),
      paidOutLocal: signed(paid, local),
      paidOut: signed(paid, ledgerEntries.amount),
    })
    .from(ledgerEntries)
    .where(
      sql`(${ledgerEntries.kind} in ('charge', 'shop_sale', 'refund', 'shop_refund') or (${ledgerEntries.kind} in ('transfer', 'reversal') and ${ledgerEntries.vendorId} is null))`,
    )
    .groupBy(ledgerEntries.currency)
    .orderBy(sql`${ledgerEntries.currency} <> 'USD'`, ledgerEntries.currency);
  return rows.map((r) => ({
    currency: r.currency,
    takenLocal: Number(r.takenLocal),
    taken: Number(r.taken),
    paidOutLocal: Number(r.paidOutLocal),
    paidOut: Number(r.paidOut),
  }));
}

/** The ledger's sums by month (UTC) from `firstMonth` on, only the months that have rows. */
export async function ledgerByMonth(db: Db, firstMonth: MonthKey): Promise<LedgerMonth[]> {
  const monthOf = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month: monthOf,
      charge: sumOf("charge"),
      refund: sumOf("refund"),
      fee: sumOf("platform_fee"),
      share: sumOf("seer_share"),
      sale: sumOf("shop_sale"),
      shopRefund: sumOf("shop_refund"),
      charges: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'charge'))::int`,
    })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.createdAt} >= ${`${firstMonth}-01T00:00:00Z`}::timestamptz`)
    .groupBy(sql`1`);
  return rows.map((r) => ({
    month: r.month,
    consultationCharges: Number(r.charge),
    consultationRefunds: Number(r.refund),
    platformFees: Number(r.fee),
    seerShares: Number(r.share),
    shopSales: Number(r.sale),
    shopRefunds: Number(r.shopRefund),
    charges: r.charges,
  }));
}

const bookingSum = (kind: LedgerKind) =>
  sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${kind}), 0)`;
const kept = sql`(${bookingSum("charge")} - ${bookingSum("refund")})`;
/** A booking is settled once its fee or share is booked; until then its split is the one settlement will book. */
const settled = sql`(count(*) filter (where ${ledgerEntries.kind} in ('platform_fee', 'seer_share')) > 0)`;
const feeOfKept = sql`round(${kept} * ${PLATFORM_FEE_PERCENT} / 100.0)`;

/**
 * One Seer's bookings as the ledger has them, one row per booking that has any, in integer cents
 * (docs/product.md#money-and-the-ledger): what was charged and refunded, and the fee and the Seer's share, booked
 * when settled, else the split of what was kept that settlement will book. Join it to `bookings` for dates. Its columns' names are
 * prefixed, since drizzle refers to a subquery's computed columns unqualified.
 */
export function seerBookingLedger(db: Db, seerId: string) {
  return db
    .select({
      bookingId: sql<string>`${ledgerEntries.bookingId}`.as("ledger_booking_id"),
      charged: sql<number>`${bookingSum("charge")}::int`.as("ledger_charged"),
      refunded: sql<number>`${bookingSum("refund")}::int`.as("ledger_refunded"),
      kept: sql<number>`${kept}::int`.as("ledger_kept"),
      fee: sql<number>`(case when ${settled} then ${bookingSum("platform_fee")} else ${feeOfKept} end)::int`.as("ledger_fee"),
      earnings: sql<number>`(case when ${settled} then ${bookingSum("seer_share")} else ${kept} - ${feeOfKept} end)::int`.as(
        "ledger_earnings",
      ),
      settled: sql<boolean>`${settled}`.as("ledger_settled"),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.seerId, seerId), isNotNull(ledgerEntries.bookingId)))
    .groupBy(ledgerEntries.bookingId)
    .as("booking_ledger");
}
