import type { Db } from "../../../db/client";
import { AppError } from "../../../src/errors";
import type { TestCardInput } from "../../../src/schemas/bookings";
import type { WarnLog } from "../../platform/database";
import type { PaymentIntentStatus, PaymentProvider } from "../../platform/payments/provider";
import { TestPaymentProvider } from "../../platform/payments/test-provider";
import { createPaymentEvents, type PaymentEventOutcome } from "./events";

export const WEBHOOK_SIGNATURE_FAILED = "Webhook signature verification failed";

export interface TestCardOutcome {
  status: PaymentIntentStatus;
  /** The provider's message when the card failed, e.g. "Your card was declined." */
  message: string | null;
}

/** Card payments as the app sees them: the provider, its events routed by purchase kind, and the two doors in. */
export function createPaymentService({ db, payments: provider }: { db: Db; payments: PaymentProvider }) {
  const events = createPaymentEvents({ db, provider: provider.name });

  /** Which card form the client shows: Stripe's Payment Element, or the built-in test-mode form. */
  function clientConfig() {
    return { provider: provider.name, publishableKey: provider.publishableKey };
  }

  /**
   * The test-mode card form's submission. Like Stripe, the outcome reaches the same event handling as a webhook
   * delivery, so confirmation and freed holds work the same offline.
   */
  async function confirmTestCard(
    card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string } & Partial<TestCardInput>,
    log?: WarnLog,
  ): Promise<TestCardOutcome> {
    if (!(provider instanceof TestPaymentProvider)) throw new AppError("NOT_FOUND", "Test payments are not enabled.");
    const { intent, event } = await provider.confirmCard(card);
    if (event) {
      try {
        // Its id is new (minted by the card's confirmation just now): no earlier delivery to look for.
        await events.process(event, log, { fresh: true });
      } catch {
        // The card outcome stands; like an undelivered webhook, the confirmation screen's own call confirms it.
      }
    }
    return { status: intent.status, message: intent.lastError };
  }

  /** A webhook delivery: verified by its signature (throws when it does not verify), then processed once. */
  async function receiveWebhook(
    raw: Buffer,
    signature: string | undefined,
    log?: WarnLog,
  ): Promise<{ eventId: string; type: string; outcome: PaymentEventOutcome }> {
    let event;
    try {
      event = provider.parseWebhookEvent(raw, signature);
    } catch (error) {
      throw new AppError("BAD_REQUEST", WEBHOOK_SIGNATURE_FAILED, { cause: error });
    }
    return { eventId: event.id, type: event.type, outcome: await events.process(event, log) };
  }

  return { provider, events, clientConfig, confirmTestCard, receiveWebhook };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
