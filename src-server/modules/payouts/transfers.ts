import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries, seers, users } from "../../../db/schema";
import type { PayoutStatus } from "../../../src/domain/enums";
import { PAYOUT_HOLD_HOURS, payoutHistory, seerBalances, type Payout } from "../../../src/domain/payouts";
import { AppError } from "../../../src/errors";
import { SEER_NOT_FOUND } from "../../../src/schemas/seers";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { JobQueue } from "../../platform/jobs";
import { withLock } from "../../platform/locks";
import type { PaymentProvider, PaymentWebhookEvent } from "../../platform/payments/provider";
import { TestPaymentProvider } from "../../platform/payments/test-provider";
import type { SessionUser } from "../../platform/trpc/context";
import { ledgerSummary, seerBookingLedger, type LedgerSummary } from "./figures";
import { createLedger } from "./ledger";

export const PAY_SEER_JOB = "payouts.pay-seer";
export const LEDGER_SWEEP_JOB = "ledger.sweep";
export const PAYOUT_ACCOUNT_NOT_FOUND = "This payout account could not be found.";
export const TEST_ONBOARDING_ONLY = "Test-mode onboarding is not enabled.";

/** What a ledger row adds to what a Seer is owed: shares booked, less transfers, plus reversals. */
const owedPart = sql`case ${ledgerEntries.kind} when 'seer_share' then ${ledgerEntries.amount} when 'transfer' then -${ledgerEntries.amount} when 'reversal' then ${ledgerEntries.amount} else 0 end`;

/** Payouts are in the currency clients pay in. */
const PAYOUT_CURRENCY = "usd";

export interface PayoutOverview {
  status: PayoutStatus;
  /** Integer cents: shares of paid sessions still held (upcoming, or within the hold after the session). */
  pending: number;
  /** Integer cents: settled shares not yet transferred (paid at the next payout once the account is active). */
  available: number;
  /** Integer cents: transferred to the Seer's account, less reversals. */
  paidOut: number;
  holdHours: number;
  payouts: Payout[];
}

/**
 * Seer payouts (docs/product.md#money-and-the-ledger): the connected account and its onboarding, the payout job that
 * transfers settled shares (one transfer per booking, `transfer_group` per booking, an idempotency key per attempt)
 * and reverses what a later refund took back, the ledger sweep, and the figures read from the ledger.
 */
export function createPayoutService({
  db,
  clock,
  payments,
  jobs,
  config,
  processEvent,
  log,
}: {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  jobs: JobQueue;
  config: Pick<Config, "publicUrl">;
  /** The payment webhook's own handling, so the test-mode onboarding's event goes the way Stripe's would. */
  processEvent: (event: PaymentWebhookEvent) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}) {
  const ledger = createLedger({ db, clock, payments });

  async function seerOf(user: SessionUser) {
    const [seer] = await db
      .select({ id: seers.id, accountId: seers.stripeAccountId, status: seers.payoutStatus })
      .from(seers)
      .where(eq(seers.userId, user.id));
    if (!seer) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
    return seer;
  }

  const dashboardUrl = (step: string) => `${config.publicUrl}/seer/dashboard?tab=earnings&payouts=${step}`;

  /** Opens the Seer's payout account once (a retried click reuses it) and answers where onboarding continues. */
  async function connect(user: SessionUser): Promise<{ url: string }> {
    const seer = await seerOf(user);
    let accountId = seer.accountId;
    if (!accountId) {
      const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      const account = await payments.createConnectedAccount({
        email: owner?.email ?? "",
        metadata: { seerId: seer.id },
        idempotencyKey: `payout-account:${seer.id}`,
      });
      await db
        .update(seers)
        .set({ stripeAccountId: account.id, payoutStatus: account.status })
        .where(and(eq(seers.id, seer.id), isNull(seers.stripeAccountId)));
      const [stored] = await db.select({ accountId: seers.stripeAccountId }).from(seers).where(eq(seers.id, seer.id));
      accountId = stored?.accountId ?? account.id;
    }
    return payments.createAccountLink({ accountId, refreshUrl: dashboardUrl("refresh"), returnUrl: dashboardUrl("return") });
  }

  /** Reads the account's state from the provider (the answer does not depend on the order events arrive in). */
  async function syncAccount(accountId: string): Promise<void> {
    const [seer] = await db.select({ id: seers.id }).from(seers).where(eq(seers.stripeAccountId, accountId));
    if (!seer) return;
    const account = await payments.retrieveConnectedAccount(accountId);
    await db.update(seers).set({ payoutStatus: account.status }).where(eq(seers.id, seer.id));
    if (account.status === "active") await requestPayout(seer.id, `activated:${accountId}`);
  }

  /** Back from onboarding: the dashboard asks for the account's state at once rather than wait for the webhook. */
  async function refresh(user: SessionUser): Promise<{ status: PayoutStatus }> {
    const seer = await seerOf(user);
    if (!seer.accountId) return { status: seer.status };
    await syncAccount(seer.accountId);
    return { status: (await seerOf(user)).status };
  }

  /** The test-mode onboarding page's submission: only for the Seer's own account. */
  async function completeTestOnboarding(user: SessionUser, accountId: string): Promise<{ status: PayoutStatus }> {
    if (!(payments instanceof TestPaymentProvider)) throw new AppError("NOT_FOUND", TEST_ONBOARDING_ONLY);
    const seer = await seerOf(user).catch(() => null);
    if (!seer || seer.accountId !== accountId) throw new AppError("NOT_FOUND", PAYOUT_ACCOUNT_NOT_FOUND);
    const { event } = await payments.completeOnboarding(accountId);
    await processEvent(event);
    return { status: (await seerOf(user)).status };
  }

  /**
   * One payout job per Seer and occasion: `activated` once per account, else one per minute of the sweep. A job's
   * key stays taken after it ran, so the occasion is part of it.
   */
  async function requestPayout(seerId: string, occasion: string): Promise<void> {
    await jobs.send(PAY_SEER_JOB, { seerId, payoutId: `po_${randomUUID()}` }, { key: `${seerId}:${occasion}` });
  }

  /** Every booking of the Seer with what its ledger says is owed (share − transfers + reversals). */
  async function owedByBooking(seerId: string) {
    const rows = await db
      .select({
        bookingId: ledgerEntries.bookingId,
        owed: sql<string>`sum(${owedPart})::text`,
        transfers: sql<number>`count(*) filter (where ${ledgerEntries.kind} = 'transfer')::int`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.seerId, seerId), inArray(ledgerEntries.kind, ["seer_share", "transfer", "reversal"])))
      .groupBy(ledgerEntries.bookingId);
    return rows.flatMap((r) => (r.bookingId ? [{ bookingId: r.bookingId, owed: Number(r.owed), transfers: r.transfers }] : []));
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

  /**
   * The periodic sweep: brings lagging bookings and orders into the ledger (settling sessions whose hold is over),
   * then asks for a payout for every active Seer who is owed money or was overpaid.
   */
  async function sweep(): Promise<void> {
    for (const id of await ledger.laggingBookings()) {
      try {
        await ledger.recordBooking(id);
      } catch (err) {
        log?.warn({ err, bookingId: id }, "recording a booking in the ledger failed; it is tried again on the next run");
      }
    }
    for (const id of await ledger.laggingOrders()) {
      try {
        await ledger.recordOrder(id);
      } catch (err) {
        log?.warn({ err, orderId: id }, "recording an order in the ledger failed; it is tried again on the next run");
      }
    }
    const due = await db
      .selectDistinct({ seerId: seers.id })
      .from(seers)
      .innerJoin(
        sql`(select ${ledgerEntries.seerId} as seer_id, ${ledgerEntries.bookingId} as booking_id,
               sum(${owedPart}) as owed
             from ${ledgerEntries} where ${ledgerEntries.seerId} is not null group by 1, 2) owed`,
        sql`owed.seer_id = ${seers.id} and owed.owed <> 0`,
      )
      .where(and(eq(seers.payoutStatus, "active"), isNotNull(seers.stripeAccountId)));
    const minute = Math.floor(clock.now().getTime() / 60_000);
    for (const { seerId } of due) await requestPayout(seerId, `sweep:${minute}`);
  }

  async function overview(user: SessionUser): Promise<PayoutOverview> {
    const seer = await seerOf(user);
    // The Seer's own bookings are brought up to date first, so a session whose hold just ended shows as available.
    await ledger.recordSeer(seer.id);
    const sums = await db
      .select({ kind: ledgerEntries.kind, amount: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.seerId, seer.id), inArray(ledgerEntries.kind, ["seer_share", "transfer", "reversal"])))
      .groupBy(ledgerEntries.kind);
    const balances = seerBalances(sums.map((s) => ({ kind: s.kind, amount: Number(s.amount) })));
    // On hold: the share settlement will book of each of the Seer's paid bookings not yet settled (its charge less its
    // refunds, less the fee), from the ledger.
    const byBooking = seerBookingLedger(db, seer.id);
    const [held] = await db
      .select({ total: sql<string>`coalesce(sum(${byBooking.earnings}) filter (where not ${byBooking.settled}), 0)::text` })
      .from(byBooking);
    const moves = await db
      .select({
        payoutId: ledgerEntries.payoutId,
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        bookingId: ledgerEntries.bookingId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.seerId, seer.id), inArray(ledgerEntries.kind, ["transfer", "reversal"])))
      .orderBy(desc(ledgerEntries.id))
      .limit(1000);
    return {
      status: seer.status,
      pending: Number(held?.total ?? 0),
      available: balances.available,
      paidOut: balances.paidOut,
      holdHours: PAYOUT_HOLD_HOURS,
      payouts: payoutHistory(
        moves.flatMap((m) =>
          m.payoutId && m.bookingId && (m.kind === "transfer" || m.kind === "reversal")
            ? [{ payoutId: m.payoutId, kind: m.kind, amount: m.amount, bookingId: m.bookingId, createdAt: m.createdAt }]
            : [],
        ),
      ).slice(0, 50),
    };
  }

  /** The admins' ledger figures (docs/product.md#money-and-the-ledger). */
  function summary(): Promise<LedgerSummary> {
    return ledgerSummary(db);
  }

  // The sweep first: a test's runDue then also runs the payouts it asked for.
  jobs.define({ name: LEDGER_SWEEP_JOB, every: "* * * * *", run: sweep });
  jobs.define<{ seerId: string; payoutId: string }>({ name: PAY_SEER_JOB, retryLimit: 10, retryDelaySeconds: 60, run: paySeer });

  return {
    ledger,
    connect,
    refresh,
    completeTestOnboarding,
    syncAccount,
    syncTransfer,
    paySeer,
    sweep,
    overview,
    summary,
  };
}
