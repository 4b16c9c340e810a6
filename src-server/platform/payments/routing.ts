import { AppError } from "../../../src/errors";
import { LOCAL_CHARGE_PREFIX, type LocalChargesProvider } from "./local-charges";
import type {
  AccountLinkInput,
  CreateConnectedAccountInput,
  CreatePaymentIntentInput,
  CreateRefundInput,
  CreateTransferInput,
  PaymentIntent,
  PaymentProvider,
  PaymentWebhookEvent,
  Refund,
  ReverseTransferInput,
} from "./provider";

const LOCAL_CURRENCY_UNAVAILABLE = "Payments in this currency are not available: choose Card (USD).";

/**
 * The payment provider when a local gateway (Paystack, Flutterwave) or Stripe is configured (issue #41): US dollars,
 * the card provider's webhooks and Seer payouts (Connect) stay the card provider's (Stripe, or the test mode's); a
 * local currency goes to the gateway that serves it, or to the test mode's provider when none does, and is refused
 * when Stripe is the card provider. Local charges' ids start with `lc_`, so reads and refunds route by id.
 */
export class RoutingPaymentProvider implements PaymentProvider {
  readonly name: PaymentProvider["name"];
  readonly publishableKey: string | null;

  constructor(
    readonly card: PaymentProvider,
    readonly locals: readonly LocalChargesProvider[],
  ) {
    this.name = card.name;
    this.publishableKey = card.publishableKey;
  }

  /** The local gateway's provider that serves `currency`, or null. */
  localFor(currency: string): LocalChargesProvider | null {
    return this.locals.find((l) => l.serves(currency)) ?? null;
  }

  /** The local provider that owns a charge id or client secret (`lc_…`): the one whose gateway stored it. */
  private byId(id: string): PaymentProvider | ChargeOwner {
    return id.startsWith(LOCAL_CHARGE_PREFIX) ? new ChargeOwner(this.locals) : this.card;
  }

  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    if (input.currency.toLowerCase() === "usd") return this.card.createPaymentIntent(input);
    const local = this.localFor(input.currency);
    if (local) return local.createPaymentIntent(input);
    if (this.card.name === "stripe") throw new AppError("BAD_REQUEST", LOCAL_CURRENCY_UNAVAILABLE);
    return this.card.createPaymentIntent(input);
  }
  retrievePaymentIntent(id: string) {
    return this.byId(id).retrievePaymentIntent(id);
  }
  cancelPaymentIntent(id: string) {
    return this.byId(id).cancelPaymentIntent(id);
  }
  refund(input: CreateRefundInput) {
    return this.byId(input.paymentIntentId).refund(input);
  }
  listRefunds(paymentIntentId: string) {
    return this.byId(paymentIntentId).listRefunds(paymentIntentId);
  }
  createConnectedAccount(input: CreateConnectedAccountInput) {
    return this.card.createConnectedAccount(input);
  }
  createAccountLink(input: AccountLinkInput) {
    return this.card.createAccountLink(input);
  }
  retrieveConnectedAccount(id: string) {
    return this.card.retrieveConnectedAccount(id);
  }
  createTransfer(input: CreateTransferInput) {
    return this.card.createTransfer(input);
  }
  retrieveTransfer(id: string) {
    return this.card.retrieveTransfer(id);
  }
  reverseTransfer(input: ReverseTransferInput) {
    return this.card.reverseTransfer(input);
  }
  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent {
    return this.card.parseWebhookEvent(rawBody, signature);
  }
}

/** A local charge's calls, tried on each configured gateway's provider until one owns the id (there are at most two). */
class ChargeOwner {
  constructor(private readonly locals: readonly LocalChargesProvider[]) {}

  private async first<T>(call: (local: LocalChargesProvider) => Promise<T>, id: string): Promise<T> {
    let last: unknown = new Error(`No local gateway is configured for ${id}`);
    for (const local of this.locals) {
      try {
        return await call(local);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "NOT_FOUND") throw error;
        last = error;
      }
    }
    throw last;
  }
  retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    return this.first((l) => l.retrievePaymentIntent(id), id);
  }
  cancelPaymentIntent(id: string): Promise<void> {
    return this.first((l) => l.cancelPaymentIntent(id), id);
  }
  refund(input: CreateRefundInput): Promise<Refund> {
    return this.first((l) => l.refund(input), input.paymentIntentId);
  }
  listRefunds(id: string): Promise<Refund[]> {
    return this.first((l) => l.listRefunds(id), id);
  }
}
