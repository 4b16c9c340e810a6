import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { ledgerEntries } from "../../../db/schema";
import type { PayoutStatus } from "../../../src/domain/enums";
import { PAYOUT_HOLD_HOURS, payoutHistory, seerBalances, type Payout } from "../../../src/domain/payouts";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { SessionUser } from "../../platform/trpc/context";
import { createPayoutAccounts } from "./accounts";
import type { PayoutDeps } from "./deps";
import { ledgerSummary, seerBookingLedger, type LedgerSummary } from "./figures";
import { createLedger } from "./ledger";
import { LEDGER_SWEEP_JOB, sweep as sweepLedger } from "./sweep";
import { createTransfers, PAY_SEER_JOB } from "./transfers";
import { createLocalPayouts } from "./local";
import { createVendorPayouts, PAY_VENDOR_JOB } from "./vendor-payouts";
import { markRetried } from "./local-outcome";
import { createPayoutMethods } from "./methods";
import { RATES_REFRESH_JOB, refreshRates } from "./rates";
import { adminPayouts, seerLocalPayouts, type AdminPayoutFilter } from "./local-figures";

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
  /** Transfers to mobile money or a local bank, newest first: both amounts, their state and the provider's message. */
  localPayouts: Awaited<ReturnType<typeof seerLocalPayouts>>;
  /** A payout is on its way or about to go: the Earnings tab looks again until it has gone. */
  payoutDue: boolean;
}

/**
 * Seer payouts (docs/product.md#money-and-the-ledger): the connected account and its onboarding, the payout job that
 * transfers settled shares (one transfer per booking, `transfer_group` per booking, an idempotency key per attempt)
 * and reverses what a later refund took back, the ledger sweep, and the figures read from the ledger.
 */
export function createPayoutService(deps: PayoutDeps) {
  const { db, clock, payments, jobs } = deps;
  const ledger = createLedger({ db, clock, payments });
  // local.ts: payouts to mobile money and local banks; methods.ts: the Seer's details for them.
  const local = createLocalPayouts(deps);
  // transfers.ts: the payout job; accounts.ts: the connected account; sweep.ts: the ledger's sweep.
  const { requestPayout, syncTransfer, paySeer } = createTransfers({ ...deps, ledger, local });
  const methods = createPayoutMethods({ ...deps, requestPayout });
  const { seerOf, connect, syncAccount, refresh, completeTestOnboarding } = createPayoutAccounts({ ...deps, requestPayout });
  // vendor-payouts.ts: vendors' shares (issue #46), on the same rails.
  const vendors = createVendorPayouts({ ...deps, local });
  const sweep = () => sweepLedger({ ...deps, ledger, requestPayout, vendors });

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
      localPayouts: await seerLocalPayouts(db, seer.id),
      payoutDue:
        (seer.status === "active" && seer.accountId !== null && balances.available > 0) || (await local.due(seer.id, balances.available)),
    };
  }

  /**
   * An admin's retry: of a failed or reversed local payout, once (the Seer's payout then runs now); of one left pending
   * after its attempts ran out, the provider asked again with the same reference.
   */
  async function retry(admin: AdminActor, payoutId: string): Promise<{ retried: boolean }> {
    // The retry is marked and written to the audit log together; the payout itself runs once that has committed.
    const { seerId, reopened } = await db.transaction(async (tx) => {
      const marked = await markRetried(tx, clock, payoutId);
      const again = marked === null && (await local.reopen(tx, payoutId));
      await recordAdminAction(tx, admin, {
        targetKind: "local_payout",
        targetId: payoutId,
        change: { payoutId, retried: marked !== null || again, ...(again ? { after: { attempts: 0 } } : {}) },
      });
      return { seerId: marked, reopened: again };
    });
    if (seerId?.seerId) await requestPayout(seerId.seerId, `retry:${payoutId}`);
    if (seerId?.vendorId) await vendors.requestVendorPayout(seerId.vendorId, `retry:${payoutId}`);
    if (reopened) await local.send(payoutId);
    return { retried: seerId !== null || reopened };
  }

  /** The admins' ledger figures (docs/product.md#money-and-the-ledger). */
  function summary(): Promise<LedgerSummary> {
    return ledgerSummary(db);
  }

  // The sweep first: a test's runDue then also runs the payouts it asked for.
  jobs.define({ name: LEDGER_SWEEP_JOB, every: "* * * * *", run: sweep });
  jobs.define<{ seerId: string; payoutId: string }>({ name: PAY_SEER_JOB, retryLimit: 10, retryDelaySeconds: 60, run: paySeer });
  jobs.define<{ vendorId: string; payoutId: string }>({
    name: PAY_VENDOR_JOB,
    retryLimit: 10,
    retryDelaySeconds: 60,
    run: vendors.payVendor,
  });
  const ratesUrl = deps.config.exchangeRatesUrl;
  // The rates of the moment, from the configured source; without one, the seed's rates serve.
  if (ratesUrl)
    jobs.define({
      name: RATES_REFRESH_JOB,
      every: "17 * * * *",
      run: async () => {
        await refreshRates(deps, ratesUrl);
      },
    });

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
    methods,
    syncLocal: local.sync,
    retry,
    list: (filter: AdminPayoutFilter) => adminPayouts(db, filter),
  };
}
