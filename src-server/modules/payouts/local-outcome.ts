import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../../db/client";
import { ledgerEntries, localPayouts, seers, users, vendors } from "../../../db/schema";
import { parseRate, rateText, toUsdCents } from "../../../src/domain/currencies";
import type { LocalPayoutStatus } from "../../../src/domain/payout-rails";
import type { Clock } from "../../platform/clock";
import type { Outbox } from "../../platform/mail";
import type { RailTransfer } from "../../platform/payouts/rail";
import { payoutReturnedMail } from "./mail";

/** Where a transition may come from: a transfer ends once, and only a paid one can still be sent back. */
const FROM: Readonly<Record<Exclude<LocalPayoutStatus, "pending">, readonly LocalPayoutStatus[]>> = {
  success: ["pending"],
  failed: ["pending"],
  reversed: ["pending", "success"],
};

/**
 * What a local payout's transfer came to, recorded once (local.ts asks the provider, this writes): the fee when paid,
 * and when it failed or was sent back, the rows that give the money back and the mail that says why.
 */
export function createPayoutOutcome({ db, clock, outbox }: { db: Db; clock: Clock; outbox: Outbox }) {
  /**
   * Records the provider's state of the transfer, once: the payout's row changes only from a state that may lead to the
   * new one, and the ledger rows it writes are named by the payout, in the same transaction.
   */
  async function apply(payoutId: string, transfer: RailTransfer): Promise<void> {
    if (transfer.status === "pending") {
      if (transfer.providerId)
        await db
          .update(localPayouts)
          .set({ providerId: transfer.providerId })
          .where(and(eq(localPayouts.id, payoutId), isNull(localPayouts.providerId)));
      return;
    }
    const status = transfer.status;
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(localPayouts)
        .set({
          status,
          fee: transfer.fee,
          message: transfer.message,
          ...(transfer.providerId ? { providerId: transfer.providerId } : {}),
        })
        .where(and(eq(localPayouts.id, payoutId), inArray(localPayouts.status, [...FROM[status]])))
        .returning();
      if (!changed) return;
      const rate = parseRate(changed.currency, changed.rate);
      const now = clock.now();
      if (transfer.fee && transfer.fee > 0 && !(await feeRecorded(tx, payoutId))) {
        const amount = toUsdCents(transfer.fee, rate);
        if (amount > 0)
          await tx.insert(ledgerEntries).values({
            kind: "payout_fee",
            amount,
            ...(rate.currency === "USD" ? {} : { currency: rate.currency, localAmount: transfer.fee, rate: rateText(rate) }),
            seerId: changed.seerId,
            vendorId: changed.vendorId,
            payoutId,
            reference: `payout_fee:${payoutId}`,
            createdAt: now,
          });
      }
      if (status === "failed" || status === "reversed") {
        await giveBack(tx, payoutId, now);
        await mailReturned(tx, changed, status, transfer.message);
      }
    });
  }

  async function feeRecorded(tx: Tx, payoutId: string): Promise<boolean> {
    const [row] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.reference, `payout_fee:${payoutId}`));
    return row !== undefined;
  }

  /**
   * The payout's rows undone: each transfer returns to the balance, each overpaid booking (or a vendor's order) it
   * settled is owed again, to the same Seer or vendor.
   */
  async function giveBack(tx: Tx, payoutId: string, now: Date): Promise<void> {
    const rows = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, payoutId), inArray(ledgerEntries.kind, ["transfer", "reversal"])));
    const back = rows.flatMap((r) =>
      (r.bookingId ?? r.orderId) && (r.reference.startsWith("transfer:") || r.reference.startsWith("offset:"))
        ? [
            {
              kind: r.kind === "transfer" ? ("reversal" as const) : ("transfer" as const),
              amount: r.amount,
              currency: r.currency,
              localAmount: r.localAmount,
              rate: r.rate,
              bookingId: r.bookingId,
              orderId: r.orderId,
              seerId: r.seerId,
              vendorId: r.vendorId,
              payoutId,
              reference: `${r.kind === "transfer" ? "returned" : "unoffset"}:${payoutId}:${r.bookingId ?? r.orderId}`,
              createdAt: now,
            },
          ]
        : [],
    );
    if (back.length > 0) await tx.insert(ledgerEntries).values(back).onConflictDoNothing({ target: ledgerEntries.reference });
  }

  async function mailReturned(
    tx: Tx,
    payout: typeof localPayouts.$inferSelect,
    status: "failed" | "reversed",
    reason: string | null,
  ): Promise<void> {
    const [to] = payout.vendorId
      ? await tx
          .select({ email: vendors.contactEmail, name: vendors.businessName, locale: users.locale })
          .from(vendors)
          .innerJoin(users, eq(users.id, vendors.userId))
          .where(eq(vendors.id, payout.vendorId))
      : await tx
          .select({ email: users.email, name: seers.fullName, locale: users.locale })
          .from(seers)
          .innerJoin(users, eq(users.id, seers.userId))
          .where(eq(seers.id, payout.seerId ?? ""));
    if (!to) return;
    await outbox.send(
      `payout-returned:${payout.id}:${status}`,
      payoutReturnedMail({
        to: to.email,
        name: to.name,
        status,
        reason,
        amount: payout.localAmount,
        currency: payout.currency,
        locale: to.locale,
      }),
      { tx },
    );
  }


  return apply;
}

/**
 * An admin's retry of a failed or reversed payout, once per payout: the same details are tried once more at the Seer's
 * (or vendor's) next payout. Answers whom to pay, or null when there is nothing to retry.
 */
export async function markRetried(
  db: Queryable,
  clock: Clock,
  payoutId: string,
): Promise<{ seerId: string | null; vendorId: string | null } | null> {
  const [row] = await db
    .update(localPayouts)
    .set({ retriedAt: clock.now() })
    .where(and(eq(localPayouts.id, payoutId), inArray(localPayouts.status, ["failed", "reversed"]), isNull(localPayouts.retriedAt)))
    .returning({ seerId: localPayouts.seerId, vendorId: localPayouts.vendorId });
  return row ?? null;
}
