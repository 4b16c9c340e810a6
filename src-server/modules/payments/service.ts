import type { Db } from "../../../db/client";
import { AppError } from "../../../src/errors";
import type { TestCardInput } from "../../../src/schemas/bookings";
import type { WarnLog } from "../../platform/database";
import type { PaymentIntentStatus, PaymentProvider } from "../../platform/payments/provider";
import { TestPaymentProvider } from "../../platform/payments/test-provider";
import { TestPhone, type PromptOutcome } from "../../platform/payments/test-phone";
import type { Clock } from "../../platform/clock";
import { createPaymentEvents, type PaymentEventOutcome } from "./events";

export const WEBHOOK_SIGNATURE_FAILED = "Webhook signature verification failed";

/** Where a mobile money payment stands: `requires_action` while the phone has not answered. */
export interface MobileMoneyOutcome {
  status: PaymentIntentStatus;
  /** Why the client may try again: declined on the phone, or timed out. */
  message: string | null;
}

export interface TestCardOutcome {
  status: PaymentIntentStatus;
  /** The provider's message when the card failed, e.g. "Your card was declined." */
  message: string | null;
}

/** Card payments as the app sees them: the provider, its events routed by purchase kind, and the two doors in. */
export function createPaymentService({ db, clock, payments: provider }: { db: Db; clock: Clock; payments: PaymentProvider }) {
  const events = createPaymentEvents({ db, provider: provider.name });

  const phone = provider instanceof TestPaymentProvider ? new TestPhone(db, clock) : null;

  /**
   * Which card form the client shows (Stripe's Payment Element, or the built-in test-mode form), and whether mobile
   * money is offered: with the test-mode provider's phone only, until a mobile money provider is configured.
   */
  function clientConfig() {
    return { provider: provider.name, publishableKey: provider.publishableKey, mobileMoney: phone !== null };
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

  const testOnly = () => {
    if (!phone) throw new AppError("NOT_FOUND", "Mobile money is not enabled.");
    return phone;
  };

  /** An approval's event reaches the same handling as a webhook's, as a test card's does. */
  async function deliver(outcome: PromptOutcome, log?: WarnLog): Promise<MobileMoneyOutcome> {
    if (outcome.event) {
      try {
        await events.process(outcome.event, log, { fresh: true });
      } catch {
        // As for a card: the payment stands, and the page's own confirmation call confirms it.
      }
    }
    return { status: outcome.intent.status, message: outcome.intent.lastError };
  }

  /**
   * Mobile money (docs/product.md#mobile-money): the prompt to the client's phone, the state the page waits on, and in
   * test mode the phone's answer. The test-mode provider's own phone until a mobile money provider is configured.
   */
  const mobileMoney = {
    prompt: async (input: { clientSecret: string; phone: string }, log?: WarnLog) =>
      deliver(await testOnly().prompt(input.clientSecret, input.phone), log),
    state: async (clientSecret: string): Promise<MobileMoneyOutcome> => {
      const intent = await testOnly().state(clientSecret);
      return { status: intent.status, message: intent.lastError };
    },
    answer: async (input: { clientSecret: string; approve: boolean }, log?: WarnLog) =>
      deliver(await testOnly().answer(input.clientSecret, input.approve), log),
  };

  return { provider, events, clientConfig, confirmTestCard, receiveWebhook, mobileMoney };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
