import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../../../src/errors";
import type { Clock } from "../clock";
import {
  UnknownPaymentIntentError,
  type CreatePaymentIntentInput,
  type CreateRefundInput,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type Refund,
} from "./provider";

/** Stripe's test card numbers and the messages Stripe gives for them. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";

export interface TestCard {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type TestCardResult = { intent: PaymentIntent; event: PaymentWebhookEvent | null };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/**
 * The embedded default provider: behaves like Stripe test mode, in memory, so every flow works offline.
 * A card attempt produces the same payment_intent.* event that Stripe would send to the webhook.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;
  readonly publishableKey = null;
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly refunds = new Map<string, Refund>();
  private readonly refundByIdempotencyKey = new Map<string, string>();
  private readonly webhookSecret = randomBytes(24).toString("hex");

  constructor(private readonly clock: Clock) {}

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    const existing = this.byIdempotencyKey.get(input.idempotencyKey);
    if (existing) return this.copy(this.get(existing));
    if (!Number.isSafeInteger(input.amount) || input.amount < 50)
      throw new AppError("BAD_REQUEST", "Amount must be at least 50 cents.");
    const id = newId("pi");
    const intent: PaymentIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      status: "requires_payment_method",
      metadata: { ...input.metadata },
      lastError: null,
    };
    this.intents.set(id, intent);
    this.byIdempotencyKey.set(input.idempotencyKey, id);
    return this.copy(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    return this.copy(this.get(id));
  }

  async cancelPaymentIntent(id: string): Promise<void> {
    const intent = this.get(id);
    if (intent.status !== "succeeded") intent.status = "canceled";
  }

  /** As Stripe: only a succeeded payment, never more than is left, the same key answering the same refund. */
  async refund(input: CreateRefundInput): Promise<Refund> {
    const existing = this.refunds.get(this.refundByIdempotencyKey.get(input.idempotencyKey) ?? "");
    if (existing) return { ...existing };
    const intent = this.get(input.paymentIntentId);
    if (intent.status !== "succeeded") throw new AppError("BAD_REQUEST", "Only a completed payment can be refunded.");
    const left = intent.amount - this.refundedOf(intent.id);
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > left)
      throw new AppError("BAD_REQUEST", `A refund must be between 1 and ${left} cents.`);
    const refund: Refund = {
      id: newId("re"),
      paymentIntentId: intent.id,
      amount: input.amount,
      currency: intent.currency,
      status: "succeeded",
      metadata: { ...input.metadata },
    };
    this.refunds.set(refund.id, refund);
    this.refundByIdempotencyKey.set(input.idempotencyKey, refund.id);
    return { ...refund };
  }

  async listRefunds(paymentIntentId: string): Promise<Refund[]> {
    return [...this.refunds.values()].filter((r) => r.paymentIntentId === paymentIntentId).map((r) => ({ ...r }));
  }

  /** A refund made outside the app, as from Stripe's dashboard, and the charge.refunded event that announces it. */
  refundElsewhere(paymentIntentId: string, amount: number): { refund: Refund; event: PaymentWebhookEvent } {
    const intent = this.get(paymentIntentId);
    const refund: Refund = {
      id: newId("re"),
      paymentIntentId,
      amount,
      currency: intent.currency,
      status: "succeeded",
      metadata: {},
    };
    this.refunds.set(refund.id, refund);
    return {
      refund,
      event: { id: newId("evt"), type: "charge.refunded", paymentIntent: null, refundedPaymentIntentId: paymentIntentId },
    };
  }

  private refundedOf(paymentIntentId: string): number {
    let sum = 0;
    for (const r of this.refunds.values())
      if (r.paymentIntentId === paymentIntentId && r.status !== "failed" && r.status !== "canceled") sum += r.amount;
    return sum;
  }

  /** The card form's submission: Stripe's test numbers decide the outcome. */
  confirmCard(card: TestCard): TestCardResult {
    const intent = [...this.intents.values()].find((i) => i.clientSecret === card.clientSecret);
    if (!intent) throw new AppError("NOT_FOUND", "This payment could not be found. Please start again.");
    if (intent.status === "succeeded") return { intent: this.copy(intent), event: null };
    if (intent.status === "canceled") throw new AppError("BAD_REQUEST", "This payment was cancelled. Please start again.");
    const number = card.cardNumber.replace(/[\s-]/g, "");
    if (!luhnValid(number)) throw new AppError("BAD_REQUEST", "Your card number is invalid.");
    const [month, year] = card.expiry.split("/").map((p) => Number(p.trim()));
    const now = this.clock.now();
    const expiryEnd = Date.UTC(2000 + (year ?? 0), month ?? 0, 1);
    if (expiryEnd <= now.getTime()) throw new AppError("BAD_REQUEST", "Your card's expiration date is in the past.");

    const failure =
      number === TEST_CARDS.declined
        ? DECLINED_MESSAGE
        : number === TEST_CARDS.insufficientFunds
          ? INSUFFICIENT_FUNDS_MESSAGE
          : null;
    if (failure) {
      intent.status = "requires_payment_method";
      intent.lastError = failure;
      return {
        intent: this.copy(intent),
        event: { id: newId("evt"), type: "payment_intent.payment_failed", paymentIntent: this.copy(intent) },
      };
    }
    intent.status = "succeeded";
    intent.lastError = null;
    return {
      intent: this.copy(intent),
      event: { id: newId("evt"), type: "payment_intent.succeeded", paymentIntent: this.copy(intent) },
    };
  }

  /** Signs a body as this provider's webhook would, so the same verification path serves both providers. */
  sign(rawBody: string): string {
    return createHmac("sha256", this.webhookSecret).update(rawBody).digest("hex");
  }

  parseWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent {
    const expected = Buffer.from(createHmac("sha256", this.webhookSecret).update(rawBody).digest("hex"));
    const given = Buffer.from(signature ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Error("Webhook signature does not verify");
    return JSON.parse(rawBody.toString("utf8")) as PaymentWebhookEvent;
  }

  private get(id: string): PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new UnknownPaymentIntentError(id);
    return intent;
  }

  private copy(intent: PaymentIntent): PaymentIntent {
    return { ...intent, metadata: { ...intent.metadata } };
  }
}
