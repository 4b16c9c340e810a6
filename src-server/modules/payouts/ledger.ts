import { and, eq, isNotNull, sql } from "drizzle-orm";
import { statement, valueOf, type Db, type Queryable, type Tx } from "../../../db/client";
import { columnName } from "../../platform/database";
import { bookings, ledgerEntries, orders } from "../../../db/schema";
import { parseRate, toUsdCents } from "../../../src/domain/currencies";
import type { DuplicateCharge } from "../../platform/payments/local-charges";
import type { LedgerKind } from "../../../src/domain/enums";
import { toCents } from "../../../src/domain/money";
import type { Clock } from "../../platform/clock";
import { lockInTransaction } from "../../platform/locks";
import { orderRefundRows, vendorRefundRows } from "./record-order";
import { chargeEntry, recordBooking, type ChargedBooking, type NewEntry } from "./record-booking";
import { bookingOfPayment, bookingsBehindLedger } from "../bookings";
import type { PaymentProvider } from "../../platform/payments/provider";

const saleStatement = statement((q: Queryable) => {
  const paid = q.$with("paid").as(
    q
      .select({
        total: orders.total,
        paidAt: orders.paidAt,
        paymentIntentId: orders.paymentIntentId,
        refunded: orders.refundedAmount,
        chargeCurrency: orders.chargeCurrency,
        chargeAmount: orders.chargeAmount,
        chargeRate: orders.chargeRate,
        items: orders.items,
      })
      .from(orders)
      .where(and(eq(orders.id, sql.placeholder("orderId")), isNotNull(orders.paidAt))),
  );
  // The sale's book value in US cents; an order charged in another currency adds that currency, its minor units and
  // the charge's rate (decision 131; the order's check keeps a US dollar charge free of them).
  const sale = q.$with("sale", { reference: ledgerEntries.reference }).as(sql`
    insert into ${ledgerEntries} (${columnName(ledgerEntries.orderId)}, ${columnName(ledgerEntries.kind)}, ${columnName(ledgerEntries.amount)},
      ${columnName(ledgerEntries.currency)}, ${columnName(ledgerEntries.localAmount)}, ${columnName(ledgerEntries.rate)},
      ${columnName(ledgerEntries.reference)}, ${columnName(ledgerEntries.createdAt)})
    select ${sql.placeholder("orderId")}, ${"shop_sale" satisfies LedgerKind}, round(${paid.total} * 100),
      ${paid.chargeCurrency}, ${paid.chargeAmount}, ${paid.chargeRate}, ${sql.placeholder("reference")}, ${paid.paidAt} from ${paid}
    on conflict (${columnName(ledgerEntries.reference)}) do nothing
    returning ${ledgerEntries.reference}`);
  // A vendor's line (issue #46) splits into the platform's commission at the rate the line stored (rounded to the cent,
  // half away from zero: `vendorSplit`) and the vendor's share, the rest; a 0% or 100% commission writes one row.
  const vendorSplit = q.$with("vendor_split", { reference: ledgerEntries.reference }).as(sql`
    insert into ${ledgerEntries} (${columnName(ledgerEntries.orderId)}, ${columnName(ledgerEntries.vendorId)}, ${columnName(ledgerEntries.kind)},
      ${columnName(ledgerEntries.amount)}, ${columnName(ledgerEntries.reference)}, ${columnName(ledgerEntries.createdAt)})
    select ${sql.placeholder("orderId")}, line.vendor_id, k.kind, k.amount,
      k.kind || ':' || ${sql.placeholder("orderId")}::text || ':' || line.product_id, ${paid.paidAt}
    from ${paid}
    cross join lateral (
      select i->>'vendorId' as vendor_id, i->>'productId' as product_id,
        round((i->>'price')::numeric * 100) * (i->>'quantity')::int as cents, (i->>'commission')::numeric as rate
      from jsonb_array_elements(${paid.items}) i where i->>'vendorId' is not null
    ) line
    cross join lateral (values
      ('vendor_commission', round(line.cents * line.rate / 100)),
      ('vendor_share', line.cents - round(line.cents * line.rate / 100))
    ) k(kind, amount)
    where k.amount <> 0
    on conflict (${columnName(ledgerEntries.reference)}) do nothing
    returning ${ledgerEntries.reference}`);
  return q.with(paid, sale, vendorSplit).select().from(paid).prepare("record_sale");
});

/** `chargeEntry` written once (every confirmed booking runs it): built once, its values as placeholders. */
const chargeStatement = statement((q: Queryable) => {
  const p = sql.placeholder;
  return q
    .insert(ledgerEntries)
    .values({
      bookingId: p("bookingId"),
      seerId: p("seerId"),
      kind: p("kind"),
      amount: p("amount"),
      currency: p("currency"),
      localAmount: p("localAmount"),
      rate: p("rate"),
      reference: p("reference"),
      createdAt: valueOf(ledgerEntries.createdAt, "createdAt"),
    })
    .onConflictDoNothing({ target: ledgerEntries.reference })
    .prepare("record_charge");
});

/**
 * The append-only ledger (docs/product.md#money-and-the-ledger). Rows are derived from what the provider confirmed
 * and the app stored (a booking's payment and refunds, its settlement; an order's sale and refunds), each under a
 * reference that names it, so recording the same booking again, on any instance, adds nothing. Fee and share rows
 * bring the ledger to the booking's own split: a refund after settlement adds negative ones.
 */
export function createLedger({ db, clock, payments }: { db: Db; clock: Clock; payments: PaymentProvider }) {
  /**
   * A booking's charge, written by the transaction that confirms it (bookings' `onConfirmed`), in the form
   * `recordBooking` gives it: the same reference, so either may come first and the other adds nothing.
   */
  async function recordCharge(booking: ChargedBooking & { confirmedAt: Date }, tx: Tx) {
    await chargeStatement(tx, chargeEntry(booking, booking.confirmedAt));
  }

  /**
   * An order's sale, once paid: the paid order is read and its sale written in one statement. Run by the transaction
   * that marks the order paid (the shop's `onPaid`), sent after its update, and by `recordOrder`. The sale's reference
   * is unique, so recording it again (here or on another instance, at the same time) adds nothing, and one row needs
   * no lock to keep two recordings from deadlocking.
   */
  const recordSale = (orderId: string, q: Queryable) => saleStatement(q, { orderId, reference: `sale:${orderId}` });

  /** An order's sale once paid, and every refund the provider made of its payment. */
  async function recordOrder(orderId: string): Promise<void> {
    // Refunds, rarer, take the locked way below.
    const [o] = await recordSale(orderId, db);
    if (!o?.paymentIntentId || toCents(o.refunded) === 0) return;
    const refunds = await payments.listRefunds(o.paymentIntentId);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockInTransaction(tx, `ledger:order:${orderId}`);
      const existing = await tx
        .select({ reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, orderId));
      const have = new Set(existing.map((e) => e.reference));
      const rows: NewEntry[] = [];
      for (const r of await orderRefundRows(tx, orderId, refunds))
        if (r.status === "succeeded" && r.amount > 0 && !have.has(`refund:${r.id}`))
          rows.push({ orderId, kind: "shop_refund", ...r.columns, reference: `refund:${r.id}`, createdAt: now });
      // What the refunds take back from the vendors' lines, in proportion (issue #46).
      for (const row of await vendorRefundRows(tx, orderId, refunds, now)) if (!have.has(row.reference)) rows.push(row);
      if (rows.length > 0) await tx.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.reference });
    });
  }

  /** Whatever a payment paid for: its booking or its order. */
  async function recordPayment(paymentIntentId: string): Promise<void> {
    const bookingId = await bookingOfPayment(db, paymentIntentId);
    if (bookingId) {
      await recordBooking({ db, clock }, bookingId);
      return;
    }
    const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
    if (o) await recordOrder(o.id);
  }

  /**
   * The bookings whose ledger rows lag behind what is stored: paid with no charge row, refunds not yet recorded, or
   * settled with a fee or share that differs. One Seer's only, when `seerId` is given.
   */
  async function laggingBookings(seerId?: string): Promise<string[]> {
    // The bookings' read, given the ledger's sums: bookings owns its rows, payouts the ledger.
    return bookingsBehindLedger(
      db,
      clock.now(),
      (bookingId, kind) =>
        sql`(select coalesce(sum(l.amount), 0) from ${ledgerEntries} l where l.booking_id = ${bookingId} and l.kind = ${kind})`,
      seerId,
    );
  }

  async function laggingOrders(): Promise<string[]> {
    const sumOf = (kind: LedgerKind) =>
      sql`(select coalesce(sum(l.amount), 0) from ${ledgerEntries} l where l.order_id = ${orders.id} and l.kind = ${kind})`;
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          isNotNull(orders.paidAt),
          sql`(${sumOf("shop_sale")} = 0 or round(${orders.refundedAmount} * 100) <> ${sumOf("shop_refund")})`,
        ),
      )
      .limit(1000);
    return rows.map((r) => r.id);
  }

  /**
   * A local charge paid twice (decision 154): the second success as `duplicate_charge` and, once the gateway accepted
   * it, its refund as `duplicate_refund`, both on the booking or order the charge pays for, in the charge's currency at
   * its rate. They are referenced by the attempt (`duplicate:<reference>`, `duplicate-refund:<reference>`), so a
   * webhook delivered again adds nothing; no Seer's share or figure reads these kinds.
   */
  async function recordDuplicate(duplicate: DuplicateCharge): Promise<void> {
    const charged = (t: typeof bookings | typeof orders) =>
      db
        .select({ id: t.id, currency: t.chargeCurrency, rate: t.chargeRate })
        .from(t)
        .where(eq(t.paymentIntentId, duplicate.chargeId))
        .limit(1);
    const [booking] = await charged(bookings);
    const [order] = booking ? [] : await charged(orders);
    const owner = booking ? { bookingId: booking.id } : order ? { orderId: order.id } : null;
    const rateText = (booking ?? order)?.rate;
    if (!owner || !rateText) throw new Error(`No purchase is paid by the local charge ${duplicate.chargeId}`);
    const rate = parseRate(duplicate.currency, rateText);
    const columns = {
      ...owner,
      amount: toUsdCents(duplicate.amount, rate),
      currency: duplicate.currency,
      localAmount: duplicate.amount,
      rate: rateText,
      createdAt: clock.now(),
    };
    const rows: NewEntry[] = [{ ...columns, kind: "duplicate_charge", reference: `duplicate:${duplicate.reference}` }];
    if (duplicate.refund)
      rows.push({ ...columns, kind: "duplicate_refund", reference: `duplicate-refund:${duplicate.reference}` });
    await db.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.reference });
  }

  /** Brings one Seer's bookings up to date in the ledger (before a figure of theirs is read). */
  async function recordSeer(seerId: string): Promise<void> {
    for (const bookingId of await laggingBookings(seerId)) await recordBooking({ db, clock }, bookingId);
  }

  return {
    recordBooking: (bookingId: string) => recordBooking({ db, clock }, bookingId),
    recordCharge,
    recordSale,
    recordOrder,
    recordPayment,
    recordDuplicate,
    recordSeer,
    laggingBookings,
    laggingOrders,
  };
}
