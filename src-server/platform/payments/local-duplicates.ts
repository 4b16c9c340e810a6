import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { localChargeRefunds, type localCharges } from "../../../db/schema";
import { isCurrency, type Currency } from "../../../src/domain/currencies";
import { GatewayRefusedError, type ChargeGateway, type GatewayRefund, type VerifiedCharge } from "./local-gateway";
import type { Refund } from "./provider";

type ChargeRow = typeof localCharges.$inferSelect;

/**
 * One charge paid twice (two prompts approved, or a prompt and a hosted checkout): the attempt that did not confirm
 * it is given back in full through its gateway, once per attempt (`duplicate:<reference>`).
 */
export interface DuplicateCharge {
  /** The charge (`lc_…`): the booking's or order's payment. */
  chargeId: string;
  /** The attempt paid a second time (`lc_…-2`). */
  reference: string;
  /** Minor units of `currency`, as the gateway took them. */
  amount: number;
  currency: Currency;
  /** The gateway's refund, once it accepted it; null when it refused or did not answer (asked again next time). */
  refund: Refund | null;
  /** Why the refund was not made, when it was not. */
  refundError: string | null;
}

/** A charge's currency, upper-case as the gateways take it. */
export const currencyOf = (row: ChargeRow): Currency => {
  const upper = row.currency.toUpperCase();
  if (!isCurrency(upper)) throw new Error(`Local charge ${row.id} has an unknown currency ${row.currency}`);
  return upper;
};

/**
 * Gives back a second charge in full through the gateway that took it, once per attempt: the key
 * `duplicate:<reference>` is stored before the gateway is asked, so a webhook delivered again (or late, or on another
 * instance) answers the refund already asked, and asks again only when the gateway never answered.
 */
export async function refundDuplicate(
  db: Db,
  gateway: ChargeGateway,
  row: ChargeRow,
  reference: string,
  record: VerifiedCharge,
): Promise<DuplicateCharge> {
  const currency = currencyOf(row);
  const idempotencyKey = `duplicate:${reference}`;
  const base = { chargeId: row.id, reference, amount: record.amount, currency };
  const [reserved] = await db
    .insert(localChargeRefunds)
    .values({ idempotencyKey, chargeId: row.id, amount: record.amount, attemptReference: reference })
    .onConflictDoNothing()
    .returning();
  if (!reserved) {
    const [asked] = await db.select().from(localChargeRefunds).where(eq(localChargeRefunds.idempotencyKey, idempotencyKey));
    if (asked?.providerRefundId) {
      const refund = { id: asked.providerRefundId, paymentIntentId: row.id, amount: asked.amount, currency: row.currency };
      return { ...base, refund: { ...refund, status: "pending", metadata: { reason: "duplicate" } }, refundError: null };
    }
  }
  let refund: GatewayRefund;
  try {
    refund = await gateway.refund({
      reference,
      providerTransactionId: record.providerTransactionId,
      amount: record.amount,
      currency,
      idempotencyKey,
    });
  } catch (error) {
    if (!(error instanceof GatewayRefusedError)) throw error;
    // Nothing was refunded: the key is free for the next delivery to try again.
    await db.delete(localChargeRefunds).where(eq(localChargeRefunds.idempotencyKey, idempotencyKey));
    return { ...base, refund: null, refundError: error.message };
  }
  await db
    .update(localChargeRefunds)
    .set({ providerRefundId: refund.id })
    .where(eq(localChargeRefunds.idempotencyKey, idempotencyKey));
  return { ...base, refund: { ...refundOf(row.id, refund), metadata: { reason: "duplicate" } }, refundError: null };
}

/** A gateway's refund in a payment intent's words. */
export const refundOf = (paymentIntentId: string, refund: GatewayRefund): Refund => ({
  id: refund.id,
  paymentIntentId,
  amount: refund.amount,
  currency: refund.currency,
  status: refund.status,
  metadata: {},
});
