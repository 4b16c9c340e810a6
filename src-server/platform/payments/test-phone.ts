import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { testPaymentIntents } from "../../../db/schema";
import { MOBILE_MONEY_PROMPT_MINUTES, PROMPT_DECLINED, PROMPT_TIMED_OUT, TEST_MOBILE_MONEY } from "../../../src/domain/mobile-money";
import { AppError } from "../../../src/errors";
import type { Clock } from "../clock";
import type { PaymentIntent, PaymentWebhookEvent } from "./provider";
import { newId } from "./test-connect";
import { intentOf } from "./test-provider";

export const NOT_MOBILE_MONEY = "Mobile money pays in a local currency: choose Card (USD) for US dollars.";
export const NO_PROMPT = "No payment is waiting for your phone's answer.";
const PAYMENT_NOT_FOUND = "This payment could not be found. Please start again.";

export interface PromptOutcome {
  intent: PaymentIntent;
  /** The event the provider would send (payment_intent.succeeded), when the phone approved. */
  event: PaymentWebhookEvent | null;
}

/**
 * The test mode's phone (issue #41): a prompt sent to a number, and its answer, on the test-mode provider's intents in
 * this database. A prompted intent waits as `requires_action` with `promptedAt` in its metadata; a decline or a
 * timeout puts it back to `requires_payment_method` with the reason, without a failed event, so the booking's hold or
 * the order's reservation stays while its time allows and the client may try again.
 */
export class TestPhone {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async bySecret(clientSecret: string) {
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
    if (!row) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    return row;
  }

  /** Sends the prompt to `phone`; a number ending in the decline digits is declined at once. */
  async prompt(clientSecret: string, phone: string): Promise<PromptOutcome> {
    const row = await this.bySecret(clientSecret);
    if (row.currency.toLowerCase() === "usd") throw new AppError("BAD_REQUEST", NOT_MOBILE_MONEY);
    if (row.status === "succeeded") return { intent: intentOf(row), event: null };
    if (row.status === "canceled") throw new AppError("BAD_REQUEST", "This payment was cancelled. Please start again.");
    const declined = phone.endsWith(TEST_MOBILE_MONEY.declines);
    const [changed] = await this.db
      .update(testPaymentIntents)
      .set({
        status: declined ? "requires_payment_method" : "requires_action",
        lastError: declined ? PROMPT_DECLINED : null,
        metadata: sql`${testPaymentIntents.metadata} || ${JSON.stringify({ promptedAt: this.clock.now().toISOString(), phone: phone.slice(-4) })}::jsonb`,
      })
      .where(
        and(
          eq(testPaymentIntents.clientSecret, clientSecret),
          inArray(testPaymentIntents.status, ["requires_payment_method", "requires_action"]),
        ),
      )
      .returning();
    return { intent: intentOf(changed ?? (await this.bySecret(clientSecret))), event: null };
  }

  /** The prompt as it is now: one that waited past its time is timed out first. */
  async state(clientSecret: string): Promise<PaymentIntent> {
    const row = await this.bySecret(clientSecret);
    if (row.status === "requires_action" && this.expired(row.metadata.promptedAt)) {
      const [changed] = await this.db
        .update(testPaymentIntents)
        .set({ status: "requires_payment_method", lastError: PROMPT_TIMED_OUT })
        .where(and(eq(testPaymentIntents.id, row.id), eq(testPaymentIntents.status, "requires_action")))
        .returning();
      return intentOf(changed ?? (await this.bySecret(clientSecret)));
    }
    return intentOf(row);
  }

  /** The test phone's answer to a waiting prompt: approved pays it (once), declined lets the client try again. */
  async answer(clientSecret: string, approve: boolean): Promise<PromptOutcome> {
    const now = await this.state(clientSecret);
    if (now.status === "succeeded") return { intent: now, event: null };
    if (now.status !== "requires_action") throw new AppError("BAD_REQUEST", NO_PROMPT);
    const [changed] = await this.db
      .update(testPaymentIntents)
      .set(approve ? { status: "succeeded", lastError: null } : { status: "requires_payment_method", lastError: PROMPT_DECLINED })
      .where(and(eq(testPaymentIntents.clientSecret, clientSecret), eq(testPaymentIntents.status, "requires_action"), ne(testPaymentIntents.currency, "usd")))
      .returning();
    if (!changed) return { intent: await this.state(clientSecret), event: null };
    const intent = intentOf(changed);
    return { intent, event: approve ? { id: newId("evt"), type: "payment_intent.succeeded", paymentIntent: intent } : null };
  }

  private expired(promptedAt: string | undefined): boolean {
    const at = promptedAt ? Date.parse(promptedAt) : Number.NaN;
    return !Number.isFinite(at) || this.clock.now().getTime() - at > MOBILE_MONEY_PROMPT_MINUTES * 60_000;
  }
}
