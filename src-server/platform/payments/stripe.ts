import Stripe from "stripe";
import type { PayoutStatus } from "../../../src/domain/enums";
import {
  UnknownPaymentIntentError,
  type AccountLinkInput,
  type ConnectedAccount,
  type CreateConnectedAccountInput,
  type CreateTransferInput,
  type ReverseTransferInput,
  type Transfer,
  type TransferReversal,
  type CreatePaymentIntentInput,
  type CreateRefundInput,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type Refund,
  type RefundStatus,
} from "./provider";

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** The Connect endpoint's own secret (account.updated of connected accounts), when it differs from the first. */
  connectWebhookSecret?: string | undefined;
}

const knownStatuses: readonly PaymentIntentStatus[] = ["succeeded", "processing", "requires_action", "canceled"];

function statusOf(status: string): PaymentIntentStatus {
  // requires_confirmation and requires_capture are still unpaid for our purposes.
  return (knownStatuses as readonly string[]).includes(status) ? (status as PaymentIntentStatus) : "requires_payment_method";
}

export function fromStripeIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    amount: pi.amount,
    currency: pi.currency,
    status: statusOf(pi.status),
    metadata: { ...pi.metadata },
    lastError: pi.last_payment_error?.message ?? null,
  };
}

const refundStatuses: readonly RefundStatus[] = ["pending", "requires_action", "succeeded", "failed", "canceled"];

export function fromStripeRefund(refund: Stripe.Refund): Refund {
  const pi = refund.payment_intent;
  return {
    id: refund.id,
    paymentIntentId: typeof pi === "string" ? pi : (pi?.id ?? ""),
    amount: refund.amount,
    currency: refund.currency,
    status: (refundStatuses as readonly string[]).includes(refund.status ?? "") ? (refund.status as RefundStatus) : "pending",
    metadata: { ...(refund.metadata ?? {}) },
  };
}

/** Active once the account can receive transfers; details needed until then. */
export function payoutStatusOf(account: Stripe.Account): PayoutStatus {
  const transfers = account.capabilities?.transfers;
  return account.payouts_enabled && (transfers === undefined || transfers === "active") ? "active" : "details_needed";
}

export function fromStripeTransfer(transfer: Stripe.Transfer, reversals: Stripe.TransferReversal[]): Transfer {
  const destination = transfer.destination;
  return {
    id: transfer.id,
    amount: transfer.amount,
    currency: transfer.currency,
    destination: typeof destination === "string" ? destination : (destination?.id ?? ""),
    transferGroup: transfer.transfer_group ?? null,
    metadata: { ...transfer.metadata },
    reversals: reversals.map((r) => ({ id: r.id, amount: r.amount })),
  };
}

/** The payment behind a charge.refunded or refund.* event's object. */
function refundedPaymentOf(object: { object?: string; payment_intent?: string | { id: string } | null }): string | null {
  if (object.object !== "charge" && object.object !== "refund") return null;
  const pi = object.payment_intent;
  return typeof pi === "string" ? pi : (pi?.id ?? null);
}

function transferOfReversal(object: { transfer?: unknown }): string | null {
  const t = object.transfer;
  return typeof t === "string" ? t : typeof t === "object" && t !== null && "id" in t && typeof t.id === "string" ? t.id : null;
}

/** Stripe's "No such payment_intent" becomes the provider-neutral UnknownPaymentIntentError. */
function unknownIntentOr(error: unknown, id: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Stripe.errors.StripeInvalidRequestError && code === "resource_missing"
    ? new UnknownPaymentIntentError(id)
    : error;
}

/** The Stripe adapter: PaymentIntents in cents, metadata naming what is paid for, an idempotency key per request. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, telemetry: false });
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
        ...(input.description ? { description: input.description } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return fromStripeIntent(pi);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    try {
      return fromStripeIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      throw unknownIntentOr(error, id);
    }
  }

  async cancelPaymentIntent(id: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(id);
    } catch (error) {
      throw unknownIntentOr(error, id);
    }
  }

  async refund(input: CreateRefundInput): Promise<Refund> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.paymentIntentId, amount: input.amount, ...(input.metadata ? { metadata: input.metadata } : {}) },
      { idempotencyKey: input.idempotencyKey },
    );
    return fromStripeRefund(refund);
  }

  async listRefunds(paymentIntentId: string): Promise<Refund[]> {
    const refunds: Refund[] = [];
    for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
      refunds.push(fromStripeRefund(refund));
    return refunds;
  }

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount> {
    const account = await this.stripe.accounts.create(
      {
        type: "express",
        email: input.email,
        capabilities: { transfers: { requested: true } },
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: account.id, status: payoutStatusOf(account) };
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: "account_onboarding",
    });
    return { url: link.url };
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccount> {
    const account = await this.stripe.accounts.retrieve(id);
    return { id: account.id, status: payoutStatusOf(account) };
  }

  async createTransfer(input: CreateTransferInput): Promise<Transfer> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        destination: input.destination,
        transfer_group: input.transferGroup,
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return fromStripeTransfer(transfer, transfer.reversals?.data ?? []);
  }

  async retrieveTransfer(id: string): Promise<Transfer> {
    const transfer = await this.stripe.transfers.retrieve(id);
    const reversals: Stripe.TransferReversal[] = [];
    for await (const reversal of this.stripe.transfers.listReversals(id, { limit: 100 })) reversals.push(reversal);
    return fromStripeTransfer(transfer, reversals);
  }

  async reverseTransfer(input: ReverseTransferInput): Promise<TransferReversal> {
    const reversal = await this.stripe.transfers.createReversal(
      input.transferId,
      { amount: input.amount, ...(input.metadata ? { metadata: input.metadata } : {}) },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: reversal.id, amount: reversal.amount };
  }

  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent {
    const secrets = [this.config.webhookSecret, this.config.connectWebhookSecret].filter((s): s is string => Boolean(s));
    // Without a configured secret nothing can be verified, so nothing is accepted.
    if (secrets.length === 0) throw new Error("STRIPE_WEBHOOK_SECRET is not configured");
    if (!signature) throw new Error("Missing Stripe-Signature header");
    let event: Stripe.Event | undefined;
    let failure: unknown;
    for (const secret of secrets) {
      try {
        event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
        break;
      } catch (error) {
        failure = error;
      }
    }
    if (!event) throw failure;
    const object = event.data.object as {
      object?: string;
      id?: string;
      payment_intent?: string | { id: string } | null;
      transfer?: unknown;
    };
    const paymentIntent = object.object === "payment_intent" ? fromStripeIntent(object as Stripe.PaymentIntent) : null;
    return {
      id: event.id,
      type: event.type,
      paymentIntent,
      refundedPaymentIntentId: refundedPaymentOf(object),
      accountId: object.object === "account" ? (object.id ?? null) : null,
      transferId:
        object.object === "transfer" ? (object.id ?? null) : object.object === "transfer_reversal" ? transferOfReversal(object) : null,
    };
  }
}
