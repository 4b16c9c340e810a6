import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { ledgerEntries, seers } from "../../../db/schema";
import { withLock } from "../../platform/locks";
import { owedPart, type Ledger, type PayoutDeps } from "./deps";
import type { LocalPayouts } from "./local";
import { openlyDisputed } from "../bookings";

export const PAY_SEER_JOB = "payouts.pay-seer";

/** Payouts are in the currency clients pay in. */
const PAYOUT_CURRENCY = "usd";

/**
 * The payout job (docs/product.md#money-and-the-ledger): transfers settled shares (one transfer per booking,
 * `transfer_group` per booking, an idempotency key per attempt) and reverses what a later refund took back.
 */
export function createTransfers({
  db,
  clock,
  payments,
  jobs,
  ledger,
  local,
}: Pick<PayoutDeps, "db" | "clock" | "payments" | "jobs"> & { ledger: Ledger; local: LocalPayouts }) {
  /**
   * One payout job per Seer and occasion: `activated` once per account, else one per minute of the sweep. A job's
   * key stays taken after it ran, so the occasion is part of it.
   */
  async function requestPayout(seerId: string, occasion: string): Promise<void> {
    await jobs.send(PAY_SEER_JOB, { seerId, payoutId: `po_${randomUUID()}` }, { key: `${seerId}:${occasion}` });
  }

  /**
   * Every booking of the Seer with what its ledger says is owed (share − transfers + reversals), but those with a
   * reported problem still open (issue #43): their money waits for the admin's decision.
   */
  async function owedByBooking(seerId: string) {
    const [rows, disputed] = await Promise.all([owedRows(seerId), openlyDisputed(db, seerId)]);
    const held = new Set(disputed);
    return rows.flatMap((r) =>
      r.bookingId && !held.has(r.bookingId) ? [{ bookingId: r.bookingId, owed: Number(r.owed), transfers: r.transfers }] : [],
    );
  }

  async function owedRows(seerId: string) {
    return db
      .select({
        bookingId: ledgerEntries.bookingId,
        owed: sql<string>`sum(${owedPart})::text`,
        transfers: sql<number>`count(*) filter (where ${ledgerEntries.kind} = 'transfer')::int`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.seerId, seerId), inArray(ledgerEntries.kind, ["seer_share", "transfer", "reversal"])))
      .groupBy(ledgerEntries.bookingId);
  }

  /** Records the provider's reversals of one of our transfers that the ledger does not have yet. */
  async function syncTransfer(transferId: string): Promise<void> {
    const [ours] = await db
      .select({ bookingId: ledgerEntries.bookingId, seerId: ledgerEntries.seerId, payoutId: ledgerEntries.payoutId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `transfer:${transferId}`));
    if (!ours?.bookingId) return;
    const transfer = await payments.retrieveTransfer(transferId);
    const rows = transfer.reversals.map((r) => ({
      kind: "reversal" as const,
      amount: r.amount,
      bookingId: ours.bookingId,
      seerId: ours.seerId,
      payoutId: ours.payoutId,
      reference: `reversal:${r.id}`,
      createdAt: clock.now(),
    }));
    if (rows.length > 0) await db.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.reference });
  }

  /**
   * The payout job for one Seer: every booking whose settled share is not yet transferred gets one transfer; every
   * booking that a later refund left overpaid gets its transfers reversed, newest first. Keys are counted from the
   * ledger, so a retry after a crash asks for the same transfer and records it once.
   */
  async function paySeer({ seerId, payoutId }: { seerId: string; payoutId: string }): Promise<void> {
    await withLock(db, `payouts:${seerId}`, async () => {
      await ledger.recordSeer(seerId);
      // Local details (mobile money, a local bank) take the local rail: one transfer of all that is owed.
      const method = await local.currentMethod({ seerId });
      if (method) return local.pay({ seerId }, payoutId, await owedByBooking(seerId), method);
      const [seer] = await db
        .select({ accountId: seers.stripeAccountId, status: seers.payoutStatus })
        .from(seers)
        .where(eq(seers.id, seerId));
      if (!seer?.accountId || seer.status !== "active") return;
      for (const b of await owedByBooking(seerId)) {
        if (b.owed > 0) {
          const transfer = await payments.createTransfer({
            amount: b.owed,
            currency: PAYOUT_CURRENCY,
            destination: seer.accountId,
            transferGroup: `booking_${b.bookingId}`,
            metadata: { bookingId: b.bookingId, seerId, payoutId },
            idempotencyKey: `transfer:${b.bookingId}:${b.transfers}`,
          });
          await db
            .insert(ledgerEntries)
            .values({
              kind: "transfer",
              amount: transfer.amount,
              bookingId: b.bookingId,
              seerId,
              payoutId: transfer.metadata.payoutId ?? payoutId,
              reference: `transfer:${transfer.id}`,
              createdAt: clock.now(),
            })
            .onConflictDoNothing({ target: ledgerEntries.reference });
        } else if (b.owed < 0) {
          await reverseOverpaid(b.bookingId);
        }
      }
    });
  }

  async function transfersOf(bookingId: string) {
    const rows = await db
      .select({ reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, "transfer")))
      .orderBy(desc(ledgerEntries.id));
    return rows.map((r) => r.reference.slice("transfer:".length));
  }

  async function overpaid(bookingId: string): Promise<number> {
    const [row] = await db
      .select({
        owed: sql<string>`coalesce(sum(${owedPart}), 0)::text`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, bookingId));
    return Math.max(0, -Number(row?.owed ?? 0));
  }

  async function reverseOverpaid(bookingId: string): Promise<void> {
    const ids = await transfersOf(bookingId);
    // Reversals made elsewhere (or by a run that stopped half-way) first, so the keys below count them.
    for (const id of ids) await syncTransfer(id);
    for (const id of ids) {
      const need = await overpaid(bookingId);
      if (need <= 0) return;
      const transfer = await payments.retrieveTransfer(id);
      const left = transfer.amount - transfer.reversals.reduce((s, r) => s + r.amount, 0);
      if (left <= 0) continue;
      await payments.reverseTransfer({
        transferId: id,
        amount: Math.min(left, need),
        idempotencyKey: `reversal:${id}:${transfer.reversals.length}`,
        metadata: { bookingId },
      });
      await syncTransfer(id);
    }
  }

  return { requestPayout, syncTransfer, paySeer };
}
