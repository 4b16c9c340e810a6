import type { PayoutStatus, RefundStatus } from "../../../src/domain/enums";
import type { Queryable } from "../../../db/client";
import { AppError } from "../../../src/errors";

/**
 * The card payment provider behind bookings and orders. Two implementations: the Stripe adapter
 * (official SDK, used when Stripe keys are configured) and the built-in test-mode provider (the
 * embedded default), which behaves like Stripe test mode so every flow works offline.
 */
export type PaymentIntentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  /** Integer minor units of `currency` (cents; pesewas for ghs; francs for xof, which has none). */
  amount: number;
  /** Lower-case ISO code, as Stripe reports it ("usd", "ghs"). */
  currency: string;
  status: PaymentIntentStatus;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt, e.g. "Your card was declined." */
  lastError: string | null;
  /** The local gateway that takes this charge (a local charge, `lc_…`); absent for the card provider's intents. */
  gateway?: "paystack" | "flutterwave";
}

/**
 * The event's own record (stored as processed), as a statement of the transaction that applies the payment: the event
 * is then stored with what it did, in the same round trip, instead of in one of its own after. A handler that sends it
 * in a transaction that rolls back, and still returns normally, sends it again (on the database) before returning;
 * one that never sends it has the event stored after it returns, as always.
 */
export type RecordEvent = (tx: Queryable) => PromiseLike<unknown>;

export interface CreatePaymentIntentInput {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** Same key, same intent: a retried request never creates a second charge. */
  idempotencyKey: string;
  description?: string;
}

export type { RefundStatus };

export interface Refund {
  id: string;
  paymentIntentId: string;
  /** Integer minor units of the payment's currency. */
  amount: number;
  currency: string;
  status: RefundStatus;
  metadata: Record<string, string>;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  /** Integer minor units of the payment's currency; at most what is left unrefunded on the payment. */
  amount: number;
  /** Same key, same refund: a retried request never refunds twice. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

/** A Seer's connected payout account (Stripe Connect Express): `active` once it can receive transfers. */
export interface ConnectedAccount {
  id: string;
  status: PayoutStatus;
}

export interface CreateConnectedAccountInput {
  email: string;
  metadata: Record<string, string>;
  /** Same key, same account: a retried click never opens a second account. */
  idempotencyKey: string;
}

export interface AccountLinkInput {
  accountId: string;
  /** Where the provider sends the Seer back when the link has expired. */
  refreshUrl: string;
  /** Where the provider sends the Seer back after onboarding. */
  returnUrl: string;
}

export interface TransferReversal {
  id: string;
  /** Integer cents. */
  amount: number;
}

/** Money moved from the platform's balance to a connected account. */
export interface Transfer {
  id: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  destination: string;
  transferGroup: string | null;
  metadata: Record<string, string>;
  /** Every reversal of this transfer, made here or elsewhere. */
  reversals: TransferReversal[];
}

export interface CreateTransferInput {
  amount: number;
  currency: string;
  destination: string;
  /** Ties the transfer to what it pays for: one group per booking. */
  transferGroup: string;
  metadata: Record<string, string>;
  /** Same key, same transfer: a retried job never pays twice. */
  idempotencyKey: string;
}

export interface ReverseTransferInput {
  transferId: string;
  amount: number;
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** For account.updated: the connected account whose state changed (the handler asks the provider for it). */
  accountId?: string | null;
  /** For transfer.* events: the transfer whose reversals may have changed. */
  transferId?: string | null;
  /** For payment_intent.* events: the intent as the provider reports it. */
  paymentIntent: PaymentIntent | null;
  /**
   * For charge.refunded and refund.* events: the payment whose refunds changed. The handler asks the provider for
   * that payment's refunds (listRefunds), so events applied in any order and any number of times agree.
   */
  refundedPaymentIntentId?: string | null;
}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** What the client needs to show the right card form. */
  readonly publishableKey: string | null;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  cancelPaymentIntent(id: string): Promise<void>;
  /** Refunds part or all of a succeeded payment. */
  refund(input: CreateRefundInput): Promise<Refund>;
  /** Every refund of one payment, as the provider knows them (made here or elsewhere, e.g. Stripe's dashboard). */
  listRefunds(paymentIntentId: string): Promise<Refund[]>;
  /** Seer payouts (Stripe Connect Express): the account, its onboarding link, its state. */
  createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount>;
  createAccountLink(input: AccountLinkInput): Promise<{ url: string }>;
  retrieveConnectedAccount(id: string): Promise<ConnectedAccount>;
  createTransfer(input: CreateTransferInput): Promise<Transfer>;
  retrieveTransfer(id: string): Promise<Transfer>;
  reverseTransfer(input: ReverseTransferInput): Promise<TransferReversal>;
  /** Verifies the signature over the raw body; throws when it does not verify. */
  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent;
}

export const UNKNOWN_PAYMENT_MESSAGE = "This payment could not be found.";

/**
 * The provider does not know this intent (the test-mode provider forgets unpaid intents at a restart; Stripe says
 * `resource_missing`). Nothing can ever be paid through it, so callers treat it as cancelled.
 */
export class UnknownPaymentIntentError extends AppError {
  constructor(readonly paymentIntentId: string) {
    super("NOT_FOUND", UNKNOWN_PAYMENT_MESSAGE);
    this.name = "UnknownPaymentIntentError";
  }
}

/**
 * The intent as the provider reports it, or `null` when the provider no longer knows it: such an intent can never be
 * paid, so it counts as cancelled.
 */
export async function retrieveOrForgotten(provider: PaymentProvider, id: string): Promise<PaymentIntent | null> {
  try {
    return await provider.retrievePaymentIntent(id);
  } catch (error) {
    if (error instanceof UnknownPaymentIntentError) return null;
    throw error;
  }
}

/**
 * Where a purchase stores its payment (migration 0031): Stripe's intents in Stripe's column only, a local gateway's
 * charge in its own link, and the provider that took it.
 */
export function paymentLinks(
  provider: Pick<PaymentProvider, "name">,
  intent: Pick<PaymentIntent, "id" | "gateway">,
): { stripePaymentIntentId: string | null; localChargeId: string | null; paymentProvider: string } {
  if (intent.gateway) return { stripePaymentIntentId: null, localChargeId: intent.id, paymentProvider: intent.gateway };
  return {
    stripePaymentIntentId: provider.name === "stripe" ? intent.id : null,
    localChargeId: null,
    paymentProvider: provider.name,
  };
}
