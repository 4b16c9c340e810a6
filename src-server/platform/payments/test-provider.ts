import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { valueOf, type Db } from "../../../db/client";
import { testPaymentIntents, testPaymentRefunds } from "../../../db/schema";
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
import { newId, TestConnectProvider } from "./test-connect";

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

/** How a refund's limit names the payment's minor units: cents for dollars, as before; the currency's units else. */
const unitsOf = (currency: string) => (currency === "usd" ? "cents" : `${currency.toUpperCase()} minor units`);

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

type IntentRow = typeof testPaymentIntents.$inferSelect;
type RefundRow = typeof testPaymentRefunds.$inferSelect;

export const intentOf = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status as PaymentIntent["status"],
  metadata: { ...row.metadata },
  lastError: row.lastError,
});

const refundOf = (row: RefundRow): Refund => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amount: row.amount,
  currency: row.currency,
  status: row.status as Refund["status"],
  metadata: { ...row.metadata },
});

/**
 * The embedded default provider: behaves like Stripe test mode, so every flow works offline. What Stripe keeps on its
 * side (intents, refunds) is kept in this database, so that every instance, and the same one after a restart, sees
 * the same payments; status changes are single conditional UPDATEs, so two instances confirming one intent produce
 * one success. A card attempt produces the same payment_intent.* event that Stripe would send to the webhook, signed
 * with a secret derived from the session secret, which every instance shares. Its Seer payouts (Connect) are
 * TestConnectProvider's (test-connect.ts).
 */
export class TestPaymentProvider extends TestConnectProvider implements PaymentProvider {
  readonly name = "test" as const;
  readonly publishableKey = null;
  private readonly webhookSecret: string;
  /** Read several times for every payment: built once (drizzle's prepare). */
  private readonly intentById;
  private readonly intentBySecret;
  private readonly insertIntent;
  private readonly cardOutcome;

  constructor(db: Db, clock: Clock, sharedSecret: string) {
    super(db, clock);
    this.webhookSecret = createHmac("sha256", sharedSecret).update("seer test-mode webhooks").digest("hex");
    this.intentById = db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, sql.placeholder("id")))
      .prepare("test_intent_by_id");
    this.intentBySecret = db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, sql.placeholder("secret")))
      .prepare("test_intent_by_secret");
    const p = sql.placeholder;
    this.insertIntent = db
      .insert(testPaymentIntents)
      .values({
        id: p("id"),
        clientSecret: p("clientSecret"),
        amount: p("amount"),
        currency: p("currency"),
        status: "requires_payment_method",
        metadata: p("metadata"),
        lastError: null,
        idempotencyKey: p("idempotencyKey"),
        createdAt: p("createdAt"),
      })
      .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
      .returning()
      .prepare("test_insert_intent");
    // One conditional UPDATE, by the form's client secret: of two attempts at once (two instances, two tabs), one
    // changes the row.
    this.cardOutcome = db
      .update(testPaymentIntents)
      .set({
        status: valueOf(testPaymentIntents.status, "status"),
        lastError: valueOf(testPaymentIntents.lastError, "lastError"),
      })
      .where(
        and(eq(testPaymentIntents.clientSecret, p("secret")), notInArray(testPaymentIntents.status, ["succeeded", "canceled"])),
      )
      .returning()
      .prepare("test_card_outcome");
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 50)
      throw new AppError("BAD_REQUEST", "Amount must be at least 50 cents.");
    const id = newId("pi");
    const [row] = await this.insertIntent.execute({
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      metadata: { ...input.metadata },
      idempotencyKey: input.idempotencyKey,
      createdAt: this.clock.now(),
    });
    if (row) return intentOf(row);
    // The key was used before (a retry), or won a race on another instance: the same intent.
    const raced = await this.byKey(input.idempotencyKey);
    if (!raced) throw new Error("The test payment intent could not be stored");
    return raced;
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    return intentOf(await this.get(id));
  }

  async cancelPaymentIntent(id: string): Promise<void> {
    await this.get(id);
    await this.db
      .update(testPaymentIntents)
      .set({ status: "canceled" })
      .where(and(eq(testPaymentIntents.id, id), notInArray(testPaymentIntents.status, ["succeeded", "canceled"])));
  }

  /** As Stripe: only a succeeded payment, never more than is left, the same key answering the same refund. */
  async refund(input: CreateRefundInput): Promise<Refund> {
    return this.db.transaction(async (tx) => {
      const [intentRow] = await tx
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, input.paymentIntentId))
        .for("update");
      const [existing] = await tx
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.idempotencyKey, input.idempotencyKey));
      if (existing) return refundOf(existing);
      if (!intentRow) throw new UnknownPaymentIntentError(input.paymentIntentId);
      if (intentRow.status !== "succeeded") throw new AppError("BAD_REQUEST", "Only a completed payment can be refunded.");
      const [sum] = await tx
        .select({ refunded: sql<number>`coalesce(sum(${testPaymentRefunds.amount}), 0)::int` })
        .from(testPaymentRefunds)
        .where(
          and(
            eq(testPaymentRefunds.paymentIntentId, intentRow.id),
            notInArray(testPaymentRefunds.status, ["failed", "canceled"]),
          ),
        );
      const left = intentRow.amount - (sum?.refunded ?? 0);
      // In the payment's own currency and its minor units (cents, pesewas; francs, which have none), as Stripe.
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > left)
        throw new AppError("BAD_REQUEST", `A refund must be between 1 and ${left} ${unitsOf(intentRow.currency)}.`);
      const [row] = await tx
        .insert(testPaymentRefunds)
        .values({
          id: newId("re"),
          paymentIntentId: intentRow.id,
          amount: input.amount,
          currency: intentRow.currency,
          status: "succeeded",
          metadata: { ...input.metadata },
          idempotencyKey: input.idempotencyKey,
          createdAt: this.clock.now(),
        })
        .returning();
      if (!row) throw new Error("The test refund could not be stored");
      return refundOf(row);
    });
  }

  async listRefunds(paymentIntentId: string): Promise<Refund[]> {
    const rows = await this.db
      .select()
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.paymentIntentId, paymentIntentId))
      .orderBy(testPaymentRefunds.createdAt, testPaymentRefunds.id);
    return rows.map(refundOf);
  }

  /** A refund made outside the app, as from Stripe's dashboard, and the charge.refunded event that announces it. */
  async refundElsewhere(paymentIntentId: string, amount: number): Promise<{ refund: Refund; event: PaymentWebhookEvent }> {
    const intent = await this.get(paymentIntentId);
    const [row] = await this.db
      .insert(testPaymentRefunds)
      .values({
        id: newId("re"),
        paymentIntentId,
        amount,
        currency: intent.currency,
        status: "succeeded",
        metadata: {},
        createdAt: this.clock.now(),
      })
      .returning();
    if (!row) throw new Error("The test refund could not be stored");
    return {
      refund: refundOf(row),
      event: { id: newId("evt"), type: "charge.refunded", paymentIntent: null, refundedPaymentIntentId: paymentIntentId },
    };
  }

  /** The card form's submission: Stripe's test numbers decide the outcome. */
  async confirmCard(card: TestCard): Promise<TestCardResult> {
    const number = card.cardNumber.replace(/[\s-]/g, "");
    const [month, year] = card.expiry.split("/").map((p) => Number(p.trim()));
    const expiryEnd = Date.UTC(2000 + (year ?? 0), month ?? 0, 1);
    const cardError = !luhnValid(number)
      ? "Your card number is invalid."
      : expiryEnd <= this.clock.now().getTime()
        ? "Your card's expiration date is in the past."
        : null;
    if (cardError === null) {
      const failure =
        number === TEST_CARDS.declined
          ? DECLINED_MESSAGE
          : number === TEST_CARDS.insufficientFunds
            ? INSUFFICIENT_FUNDS_MESSAGE
            : null;
      // A payable intent is changed at once, without reading it first: one round trip for the usual case.
      const [changed] = await this.cardOutcome.execute(
        failure
          ? { secret: card.clientSecret, status: "requires_payment_method", lastError: failure }
          : { secret: card.clientSecret, status: "succeeded", lastError: null },
      );
      if (changed) {
        const intent = intentOf(changed);
        return {
          intent,
          event: {
            id: newId("evt"),
            type: failure ? "payment_intent.payment_failed" : "payment_intent.succeeded",
            paymentIntent: intent,
          },
        };
      }
    }
    // Nothing changed (no such intent, paid or cancelled already), or the card was refused before trying: the
    // intent as it is now decides the answer, in this order.
    const [found] = await this.intentBySecret.execute({ secret: card.clientSecret });
    if (!found) throw new AppError("NOT_FOUND", "This payment could not be found. Please start again.");
    if (found.status === "succeeded") return { intent: intentOf(found), event: null };
    if (found.status === "canceled") throw new AppError("BAD_REQUEST", "This payment was cancelled. Please start again.");
    if (cardError) throw new AppError("BAD_REQUEST", cardError);
    // Paid or cancelled between the update and this read: as it is now.
    return { intent: intentOf(found), event: null };
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

  private async byKey(idempotencyKey: string): Promise<PaymentIntent | null> {
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
    return row ? intentOf(row) : null;
  }

  private async get(id: string): Promise<IntentRow> {
    const [row] = await this.intentById.execute({ id });
    if (!row) throw new UnknownPaymentIntentError(id);
    return row;
  }
}
