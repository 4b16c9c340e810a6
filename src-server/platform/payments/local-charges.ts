import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { localChargeRefunds, localCharges } from "../../../db/schema";
import { isCurrency, type Currency } from "../../../src/domain/currencies";
import { MOBILE_MONEY_PROMPT_MINUTES, PROMPT_DECLINED, PROMPT_TIMED_OUT } from "../../../src/domain/mobile-money";
import { AppError } from "../../../src/errors";
import type { Clock } from "../clock";
import { GatewayRefusedError, type ChargeGateway, type GatewayRefund, type VerifiedCharge } from "./local-gateway";
import {
  UnknownPaymentIntentError,
  type CreatePaymentIntentInput,
  type CreateRefundInput,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type Refund,
} from "./provider";
import { NOT_MOBILE_MONEY } from "./test-phone";

/** Local charges' ids (and so their client secrets) start so: the routing provider sends them here by id. */
export const LOCAL_CHARGE_PREFIX = "lc_";
/** A waiting prompt is checked with the gateway once it has waited this long, and then at most this often. */
const VERIFY_AFTER_MS = 10_000;
const PAYMENT_NOT_FOUND = "This payment could not be found. Please start again.";
const CANCELLED = "This payment was cancelled. Please start again.";

type ChargeRow = typeof localCharges.$inferSelect;

/** The charge part of a payment provider: what bookings and orders ask of a payment. */
export type ChargeProvider = Pick<
  PaymentProvider,
  "createPaymentIntent" | "retrievePaymentIntent" | "cancelPaymentIntent" | "refund" | "listRefunds"
>;

export interface LocalOutcome {
  intent: PaymentIntent;
  /** The payment_intent.succeeded event to process, when the gateway's record says it was paid. */
  event: PaymentWebhookEvent | null;
}

const intentOf = (row: ChargeRow): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status as PaymentIntent["status"],
  metadata: { ...row.metadata },
  lastError: row.lastError,
});

/** The gateway reference of a charge's attempt, and back: `lc_…-2` is the second prompt of `lc_…`. */
const attemptReference = (id: string, attempt: number) => `${id}-${attempt}`;
export const chargeIdOf = (reference: string) => reference.replace(/-\d+$/, "");

const currencyOf = (row: ChargeRow): Currency => {
  const upper = row.currency.toUpperCase();
  if (!isCurrency(upper)) throw new Error(`Local charge ${row.id} has an unknown currency ${row.currency}`);
  return upper;
};

/**
 * Payments in a local currency through a real gateway (issue #41): our record of each charge in `local_charges`, in a
 * payment intent's words, and the gateway for the money. A charge becomes `succeeded` only when the gateway's own
 * transaction record (verify) says success with the charge's exact amount and currency, whoever asked (the webhook,
 * the waiting page, the confirmation call): a webhook's body alone confirms nothing.
 */
export class LocalChargesProvider implements ChargeProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly gateway: ChargeGateway,
  ) {}

  serves(currency: string): boolean {
    return this.gateway.currencies.some((c) => c === currency.toUpperCase());
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    if (!this.serves(input.currency)) throw new AppError("BAD_REQUEST", NOT_MOBILE_MONEY);
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new AppError("BAD_REQUEST", "The amount must be positive.");
    const id = `${LOCAL_CHARGE_PREFIX}${randomBytes(12).toString("hex")}`;
    const [row] = await this.db
      .insert(localCharges)
      .values({
        id,
        gateway: this.gateway.name,
        clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        status: "requires_payment_method",
        metadata: { ...input.metadata },
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: localCharges.idempotencyKey })
      .returning();
    if (row) return intentOf(row);
    // A retry, or a race won on another instance: the same charge.
    const [same] = await this.db.select().from(localCharges).where(eq(localCharges.idempotencyKey, input.idempotencyKey));
    if (!same) throw new Error("The local charge could not be stored");
    return intentOf(same);
  }

  /** The charge as it is; one waiting for the client's phone is checked with the gateway first. */
  async retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    const row = await this.get(id);
    if (row.status !== "requires_action") return intentOf(row);
    return (await this.reconcile(attemptReference(row.id, row.attempt))).intent;
  }

  async cancelPaymentIntent(id: string): Promise<void> {
    await this.get(id);
    await this.db
      .update(localCharges)
      .set({ status: "canceled" })
      .where(and(eq(localCharges.id, id), notInArray(localCharges.status, ["succeeded", "canceled"])));
  }

  /**
   * A refund asked of the gateway that took the charge, in its currency, once per idempotency key: the key is stored
   * before the gateway is asked, so a retry answers the refund already asked (or asks again only when the gateway never
   * answered the first time).
   */
  async refund(input: CreateRefundInput): Promise<Refund> {
    const row = await this.get(input.paymentIntentId);
    if (row.status !== "succeeded") throw new AppError("BAD_REQUEST", "Only a completed payment can be refunded.");
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > row.amount)
      throw new AppError(
        "BAD_REQUEST",
        `A refund must be between 1 and ${row.amount} ${row.currency.toUpperCase()} minor units.`,
      );
    const [reserved] = await this.db
      .insert(localChargeRefunds)
      .values({ idempotencyKey: input.idempotencyKey, chargeId: row.id, amount: input.amount })
      .onConflictDoNothing()
      .returning();
    if (!reserved) {
      const [asked] = await this.db
        .select()
        .from(localChargeRefunds)
        .where(eq(localChargeRefunds.idempotencyKey, input.idempotencyKey));
      if (asked?.providerRefundId) {
        const known = (await this.listRefunds(row.id)).find((r) => r.id === asked.providerRefundId);
        return (
          known ?? {
            id: asked.providerRefundId,
            paymentIntentId: row.id,
            amount: asked.amount,
            currency: row.currency,
            status: "pending",
            metadata: {},
          }
        );
      }
    }
    let refund: GatewayRefund;
    try {
      refund = await this.gateway.refund({
        reference: row.id,
        providerTransactionId: row.providerTransactionId,
        amount: input.amount,
        currency: currencyOf(row),
        idempotencyKey: input.idempotencyKey,
      });
    } catch (error) {
      if (error instanceof GatewayRefusedError) {
        // Nothing was refunded: the key is free for another try.
        await this.db.delete(localChargeRefunds).where(eq(localChargeRefunds.idempotencyKey, input.idempotencyKey));
        throw new AppError("BAD_REQUEST", error.message, { cause: error });
      }
      throw error;
    }
    await this.db
      .update(localChargeRefunds)
      .set({ providerRefundId: refund.id })
      .where(eq(localChargeRefunds.idempotencyKey, input.idempotencyKey));
    return { ...refundOf(row.id, refund), metadata: { ...input.metadata } };
  }

  async listRefunds(paymentIntentId: string): Promise<Refund[]> {
    const row = await this.get(paymentIntentId);
    if (row.status !== "succeeded") return [];
    const refunds = await this.gateway.listRefunds({
      reference: attemptReference(row.id, row.attempt),
      providerTransactionId: row.providerTransactionId,
      currency: currencyOf(row),
    });
    return refunds.map((r) => refundOf(row.id, r));
  }

  /**
   * Sends the prompt to the client's phone (a new gateway transaction for each prompt), and marks the charge waiting
   * for it; a refusal puts it back to be tried again with the gateway's reason.
   */
  async prompt(clientSecret: string, phone: string, email: string): Promise<LocalOutcome> {
    const row = await this.bySecret(clientSecret);
    if (row.status === "succeeded") return { intent: intentOf(row), event: null };
    if (row.status === "canceled") throw new AppError("BAD_REQUEST", CANCELLED);
    const [claimed] = await this.db
      .update(localCharges)
      .set({
        attempt: sql`${localCharges.attempt} + 1`,
        status: "requires_action",
        lastError: null,
        promptedAt: this.clock.now(),
        verifiedAt: null,
      })
      .where(and(eq(localCharges.id, row.id), inArray(localCharges.status, ["requires_payment_method", "requires_action"])))
      .returning();
    if (!claimed) return { intent: intentOf(await this.bySecret(clientSecret)), event: null };
    const reference = attemptReference(claimed.id, claimed.attempt);
    let started;
    try {
      started = await this.gateway.startMobileMoney({
        reference,
        amount: claimed.amount,
        currency: currencyOf(claimed),
        phone,
        email,
      });
    } catch (error) {
      await this.setWaiting(claimed, { status: "requires_payment_method", lastError: null });
      throw error;
    }
    if (started.status === "succeeded") return this.reconcile(reference);
    if (started.status === "failed") {
      const failed = await this.setWaiting(claimed, {
        status: "requires_payment_method",
        lastError: started.message ?? PROMPT_DECLINED,
      });
      return { intent: intentOf(failed ?? claimed), event: null };
    }
    if (started.providerTransactionId) await this.setWaiting(claimed, { providerTransactionId: started.providerTransactionId });
    return { intent: intentOf(claimed), event: null };
  }

  /**
   * The prompt as it is now, as the page waits: after 10 s the gateway's record is read (at most once every 10 s), and
   * a prompt past its time is timed out, as the test phone's.
   */
  async state(clientSecret: string): Promise<LocalOutcome> {
    const row = await this.bySecret(clientSecret);
    if (row.status !== "requires_action" || !row.promptedAt) return { intent: intentOf(row), event: null };
    const now = this.clock.now().getTime();
    const waited = now - row.promptedAt.getTime();
    const due = waited > VERIFY_AFTER_MS && (!row.verifiedAt || now - row.verifiedAt.getTime() >= VERIFY_AFTER_MS);
    if (due) {
      const [claimed] = await this.db
        .update(localCharges)
        .set({ verifiedAt: this.clock.now() })
        .where(and(eq(localCharges.id, row.id), eq(localCharges.status, "requires_action")))
        .returning();
      if (claimed) {
        const outcome = await this.reconcile(attemptReference(row.id, row.attempt));
        if (outcome.intent.status !== "requires_action") return outcome;
      }
    }
    if (waited > MOBILE_MONEY_PROMPT_MINUTES * 60_000) {
      const timedOut = await this.setWaiting(row, { status: "requires_payment_method", lastError: PROMPT_TIMED_OUT });
      return { intent: intentOf(timedOut ?? (await this.bySecret(clientSecret))), event: null };
    }
    return { intent: intentOf(row), event: null };
  }

  /**
   * What the gateway's record says of one attempt (the webhook's reference, or the waiting prompt's): paid with exactly
   * the charge's amount and currency makes the charge `succeeded` (even one cancelled meanwhile: the money was taken,
   * and the purchase's late-payment path gives it back) and answers the payment_intent.succeeded event, whose id is the
   * same however often it is asked, so it is processed once; a failure of the waiting attempt lets the client try again.
   */
  async reconcile(reference: string): Promise<LocalOutcome> {
    const row = await this.get(chargeIdOf(reference));
    const record: VerifiedCharge | null = await this.gateway.verify(reference, currencyOf(row));
    if (!record) return { intent: intentOf(row), event: null };
    if (record.status === "succeeded") {
      if (record.amount !== row.amount || record.currency.toLowerCase() !== row.currency)
        throw new AppError("BAD_REQUEST", "The gateway's record does not match this payment's amount and currency.");
      const [paid] = await this.db
        .update(localCharges)
        .set({ status: "succeeded", lastError: null, providerTransactionId: record.providerTransactionId })
        .where(and(eq(localCharges.id, row.id), ne(localCharges.status, "succeeded")))
        .returning();
      const intent = intentOf(paid ?? (await this.get(row.id)));
      return {
        intent,
        event: { id: `${this.gateway.name}:${reference}`, type: "payment_intent.succeeded", paymentIntent: intent },
      };
    }
    if (record.status === "failed" && row.status === "requires_action" && reference === attemptReference(row.id, row.attempt)) {
      const failed = await this.setWaiting(row, { status: "requires_payment_method", lastError: PROMPT_DECLINED });
      return { intent: intentOf(failed ?? row), event: null };
    }
    return { intent: intentOf(row), event: null };
  }

  /** A change to a waiting attempt, made only while that attempt still waits (a later prompt or a payment wins). */
  private async setWaiting(row: ChargeRow, change: Partial<Pick<ChargeRow, "status" | "lastError" | "providerTransactionId">>) {
    const [changed] = await this.db
      .update(localCharges)
      .set(change)
      .where(and(eq(localCharges.id, row.id), eq(localCharges.attempt, row.attempt), eq(localCharges.status, "requires_action")))
      .returning();
    return changed;
  }

  private async get(id: string): Promise<ChargeRow> {
    const [row] = await this.db.select().from(localCharges).where(eq(localCharges.id, id));
    if (!row || row.gateway !== this.gateway.name) throw new UnknownPaymentIntentError(id);
    return row;
  }

  private async bySecret(clientSecret: string): Promise<ChargeRow> {
    const [row] = await this.db.select().from(localCharges).where(eq(localCharges.clientSecret, clientSecret));
    if (!row || row.gateway !== this.gateway.name) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    return row;
  }
}

function refundOf(paymentIntentId: string, refund: GatewayRefund): Refund {
  return {
    id: refund.id,
    paymentIntentId,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    metadata: {},
  };
}
