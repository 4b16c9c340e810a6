import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { ledgerEntries, localPayouts, payoutMethods } from "../../../db/schema";
import { fromUsdCents, rateText, type Rate } from "../../../src/domain/currencies";
import { MAX_PAYOUT_ATTEMPTS, MINIMUM_PAYOUT } from "../../../src/domain/payout-rails";
import { currentRate } from "../../platform/exchange-rates";
import type { Clock } from "../../platform/clock";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import { RailRefusedError, type PayoutRail, type PayoutRails, type RailTransfer } from "../../platform/payouts/rail";
import { createPayoutOutcome } from "./local-outcome";

export const SYNC_LOCAL_JOB = "payouts.sync-local";
export const UNREACHABLE = `The provider could not be reached after ${MAX_PAYOUT_ATTEMPTS} attempts; its webhook may still tell the transfer's end.`;
/** How long after a transfer its state is read back, should no webhook have told it (test mode: at once). */
const SYNC_AFTER_MS = { test: 0, live: 15 * 60_000 };

type Method = typeof payoutMethods.$inferSelect;
/** Who a payout pays: a Seer, or a vendor (issue #46). */
export type Payee = { seerId: string; vendorId?: undefined } | { vendorId: string; seerId?: undefined };
/** What one booking (a Seer's) or one order (a vendor's part of it) is owed, in book cents. */
export type Owed = { owed: number } & ({ bookingId: string } | { orderId: string });

/** The payee's columns on a payout's rows. */
const payeeColumns = (payee: Payee) => ({ seerId: payee.seerId ?? null, vendorId: payee.vendorId ?? null });
/** The booking or the order an owed sum belongs to, as ledger columns, and its id. */
const ownerOf = (b: Owed) => ("bookingId" in b ? { bookingId: b.bookingId } : { orderId: b.orderId });
const idOf = (b: Owed) => ("bookingId" in b ? b.bookingId : b.orderId);

/** A ledger row's currency columns: none for US dollars (the book currency), else its minor units and the rate. */
function local(amount: number, rate: Rate) {
  return rate.currency === "USD"
    ? { currency: "USD" as const, localAmount: null, rate: null }
    : { currency: rate.currency, localAmount: fromUsdCents(amount, rate), rate: rateText(rate) };
}

/** The Seer's (or vendor's) current details, whether or not payouts may go to them yet. */
async function currentMethod(db: Db, payee: Payee): Promise<Method | undefined> {
  const [row] = await db
    .select()
    .from(payoutMethods)
    .where(
      and(
        payee.vendorId !== undefined ? eq(payoutMethods.vendorId, payee.vendorId) : eq(payoutMethods.seerId, payee.seerId),
        isNull(payoutMethods.replacedAt),
      ),
    );
  return row;
}

/** The Seer's latest payout to these details, to know whether one is on its way or the last one failed. */
async function latestTo(db: Db, methodId: string) {
  const [row] = await db
    .select({ id: localPayouts.id, status: localPayouts.status, retriedAt: localPayouts.retriedAt })
    .from(localPayouts)
    .where(eq(localPayouts.methodId, methodId))
    .orderBy(desc(localPayouts.createdAt), desc(localPayouts.id))
    .limit(1);
  return row;
}

/** A local payout with the details it pays to. */
async function payoutOf(db: Db, payoutId: string) {
  const [row] = await db
    .select({ payout: localPayouts, method: payoutMethods })
    .from(localPayouts)
    .innerJoin(payoutMethods, eq(payoutMethods.id, localPayouts.methodId))
    .where(eq(localPayouts.id, payoutId));
  return row;
}

/** A failed or reversed payout stops payouts to its details until an admin retries it or the details change. */
const stopped = (last: Awaited<ReturnType<typeof latestTo>>) =>
  (last?.status === "failed" || last?.status === "reversed") && !last.retriedAt;

/**
 * Whether a payout is on its way or about to go (the Earnings tab looks again meanwhile): a transfer pending, or usable
 * details not stopped by a failure and a balance (book cents) that reaches the minimum at the rate of the moment.
 */
async function payoutDue(db: Db, clock: Clock, seerId: string, available: number): Promise<boolean> {
  const method = await currentMethod(db, { seerId });
  if (!method || method.usableFrom.getTime() > clock.now().getTime()) return false;
  const last = await latestTo(db, method.id);
  if (last?.status === "pending") return true;
  if (stopped(last) || available <= 0) return false;
  return fromUsdCents(available, await currentRate(db, method.currency)) >= MINIMUM_PAYOUT[method.currency];
}

/** The check job, once per attempt that failed to reach the provider, or per moment a transfer was found pending. */
function scheduleSync(
  { jobs, clock }: { jobs: JobQueue; clock: Clock },
  payoutId: string,
  rail: PayoutRail,
  occasion = `at:${clock.now().getTime()}`,
) {
  const at = new Date(clock.now().getTime() + (rail.testMode ? SYNC_AFTER_MS.test : SYNC_AFTER_MS.live));
  return jobs.send(SYNC_LOCAL_JOB, { payoutId }, { key: `${payoutId}:${occasion}`, at });
}

/**
 * Payouts to mobile money and local banks (issue #40, docs/product.md#payout-rails): one transfer per payout of all
 * that is owed, converted at the rate of the moment, through the rail of the Seer's details. Its ledger rows are written
 * with the payout, before the provider is asked, under references that name the payout; a failed or reversed transfer
 * writes the rows that give the money back. The provider's answer is always read back from the provider (by our
 * reference), so webhooks arriving twice, late or out of order end in one state.
 */
export function createLocalPayouts({
  db,
  clock,
  jobs,
  outbox,
  rails,
  log,
}: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  outbox: Outbox;
  rails: PayoutRails;
  log?: { warn(obj: object, msg: string): void };
}) {
  const apply = createPayoutOutcome({ db, clock, outbox });

  /**
   * Pays what the Seer is owed to their local details, when they may be paid there (not within 24 hours of a change, not
   * while a transfer is on its way, not again after a failure until an admin retries or the details change) and the sum
   * reaches the currency's minimum. Run under the Seer's payout lock.
   */
  async function pay(payee: Payee, payoutId: string, owed: readonly Owed[], method: Method): Promise<void> {
    if (method.usableFrom.getTime() > clock.now().getTime()) return;
    const last = await latestTo(db, method.id);
    if (last?.status === "pending") return sync(last.id);
    if (stopped(last)) return;
    const total = owed.reduce((sum, b) => sum + b.owed, 0);
    if (total <= 0) return;
    const rate = await currentRate(db, method.currency);
    // Each row in the currency as it is converted alone, so the transfer is exactly the sum of its rows.
    const localTotal = owed.reduce((sum, b) => sum + Math.sign(b.owed) * fromUsdCents(Math.abs(b.owed), rate), 0);
    if (localTotal < MINIMUM_PAYOUT[method.currency]) return;
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.insert(localPayouts).values({
        id: payoutId,
        ...payeeColumns(payee),
        methodId: method.id,
        rail: method.rail,
        amount: total,
        currency: method.currency,
        localAmount: localTotal,
        rate: rateText(rate),
        createdAt: now,
      });
      // What is owed moves out as a transfer; a booking a refund left overpaid is settled out of the same payout.
      await tx.insert(ledgerEntries).values(
        owed
          .filter((b) => b.owed !== 0)
          .map((b) => ({
            kind: b.owed > 0 ? ("transfer" as const) : ("reversal" as const),
            amount: Math.abs(b.owed),
            ...local(Math.abs(b.owed), rate),
            ...ownerOf(b),
            ...payeeColumns(payee),
            payoutId,
            reference: `${b.owed > 0 ? "transfer" : "offset"}:${payoutId}:${idOf(b)}`,
            createdAt: now,
          })),
      );
    });
    await send(payoutId);
  }

  /** Asks the provider for the transfer (again: the reference makes a second ask the same transfer). */
  async function send(payoutId: string): Promise<void> {
    const row = await payoutOf(db, payoutId);
    if (!row || row.payout.status !== "pending") return;
    const { payout, method } = row;
    const rail = rails[payout.rail];
    if (payout.attempts >= MAX_PAYOUT_ATTEMPTS) {
      // Whether any attempt reached the provider is unknown: the money stays out (never paid twice) and an admin sees why.
      await db.update(localPayouts).set({ message: UNREACHABLE }).where(eq(localPayouts.id, payoutId));
      return;
    }
    await db
      .update(localPayouts)
      .set({ attempts: sql`${localPayouts.attempts} + 1` })
      .where(eq(localPayouts.id, payoutId));
    let transfer: RailTransfer;
    try {
      transfer = await rail.transfer({
        reference: payoutId,
        amount: payout.localAmount,
        currency: payout.currency,
        destination: { ...method, country: method.country.trim() },
        reason: payout.vendorId ? "Vendor payout" : "Seer payout",
      });
    } catch (error) {
      if (error instanceof RailRefusedError && error.duplicateReference)
        transfer = await rail.fetchTransfer(payoutId, payout.providerId);
      else if (error instanceof RailRefusedError)
        transfer = { reference: payoutId, providerId: null, status: "failed", fee: null, message: error.message };
      else {
        // Unknown whether it reached the provider: the check job asks again with the same reference.
        log?.warn({ err: error, payoutId }, "a payout's transfer could not be sent; it is tried again");
        await scheduleSync({ jobs, clock }, payoutId, rail, `attempt:${payout.attempts + 1}`);
        return;
      }
    }
    await apply(payoutId, transfer);
    if (transfer.status === "pending") await scheduleSync({ jobs, clock }, payoutId, rail);
  }

  /** Reads the transfer back from the provider and records what it says (a webhook's handling, and the check job). */
  async function sync(payoutId: string): Promise<void> {
    const row = await payoutOf(db, payoutId);
    if (!row || row.payout.status === "failed" || row.payout.status === "reversed") return;
    if (row.payout.status === "pending" && !row.payout.providerId) return send(payoutId);
    const rail = rails[row.payout.rail];
    const transfer = await rail.fetchTransfer(payoutId, row.payout.providerId);
    await apply(payoutId, transfer);
    if (transfer.status === "pending") await scheduleSync({ jobs, clock }, payoutId, rail);
  }

  /**
   * An admin's retry of a payout left pending after its attempts ran out, in the caller's transaction (`q`): its
   * attempts start again; once that commits, `send` asks the provider again with the same reference.
   */
  async function reopen(q: Queryable, payoutId: string): Promise<boolean> {
    const [row] = await q
      .update(localPayouts)
      .set({ attempts: 0, message: null })
      .where(
        and(eq(localPayouts.id, payoutId), eq(localPayouts.status, "pending"), gte(localPayouts.attempts, MAX_PAYOUT_ATTEMPTS)),
      )
      .returning({ id: localPayouts.id });
    return row !== undefined;
  }

  jobs.define<{ payoutId: string }>({
    name: SYNC_LOCAL_JOB,
    retryLimit: 10,
    retryDelaySeconds: 60,
    run: ({ payoutId }) => sync(payoutId),
  });

  return {
    currentMethod: (payee: Payee) => currentMethod(db, payee),
    pay,
    sync,
    due: (seerId: string, available: number) => payoutDue(db, clock, seerId, available),
    reopen,
    send,
  };
}

export type LocalPayouts = ReturnType<typeof createLocalPayouts>;
