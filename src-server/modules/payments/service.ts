import type { Db } from "../../../db/client";
import { AppError } from "../../../src/errors";
import type { TestCardInput } from "../../../src/schemas/bookings";
import type { WarnLog } from "../../platform/database";
import { CURRENCIES, type Currency } from "../../../src/domain/currencies";
import { localProvidersOf, testProviderOf } from "../../platform/payments";
import { LOCAL_CHARGE_PREFIX, type LocalChargesProvider, type LocalOutcome } from "../../platform/payments/local-charges";
import type { PaymentIntentStatus, PaymentProvider } from "../../platform/payments/provider";
import { TestPhone, type PromptOutcome } from "../../platform/payments/test-phone";
import type { Clock } from "../../platform/clock";
import { createPaymentEvents, type PaymentEventOutcome } from "./events";
import { createGatewayWebhooks } from "./gateway-webhooks";
import { WEBHOOK_SIGNATURE_FAILED } from "./messages";

export { WEBHOOK_SIGNATURE_FAILED };

/** Where a mobile money payment stands: `requires_action` while the phone has not answered. */
export interface MobileMoneyOutcome {
  status: PaymentIntentStatus;
  /** Why the client may try again: declined on the phone, or timed out. */
  message: string | null;
}

/** What the client needs to offer the right ways to pay (payments.config). */
export interface PaymentsClientConfig {
  provider: PaymentProvider["name"];
  publishableKey: string | null;
  /** Whether mobile money is offered at all. */
  mobileMoney: boolean;
  /** The currencies mobile money is offered in; when absent, every local currency. */
  mobileMoneyCurrencies?: Currency[];
}

export interface TestCardOutcome {
  status: PaymentIntentStatus;
  /** The provider's message when the card failed, e.g. "Your card was declined." */
  message: string | null;
}

/** Card payments as the app sees them: the provider, its events routed by purchase kind, and the two doors in. */
export function createPaymentService({ db, clock, payments: provider }: { db: Db; clock: Clock; payments: PaymentProvider }) {
  const events = createPaymentEvents({ db, provider: provider.name });

  const testProvider = testProviderOf(provider);
  const phone = testProvider ? new TestPhone(db, clock) : null;
  /** The configured gateways (Paystack, Flutterwave) and the charges they take; none in test mode. */
  const locals = localProvidersOf(provider);

  /**
   * Which card form the client shows (Stripe's Payment Element, or the built-in test-mode form), and whether mobile
   * money is offered, in which currencies: the test phone's (every local currency) in test mode, and the configured
   * gateways' currencies.
   */
  const mobileMoneyCurrencies: Currency[] = CURRENCIES.filter(
    (c) => c !== "USD" && (phone !== null || locals.some((l) => l.serves(c))),
  );
  function clientConfig(): PaymentsClientConfig {
    return {
      provider: provider.name,
      publishableKey: provider.publishableKey,
      mobileMoney: mobileMoneyCurrencies.length > 0,
      mobileMoneyCurrencies,
    };
  }

  /**
   * The test-mode card form's submission. Like Stripe, the outcome reaches the same event handling as a webhook
   * delivery, so confirmation and freed holds work the same offline.
   */
  async function confirmTestCard(
    card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string } & Partial<TestCardInput>,
    log?: WarnLog,
  ): Promise<TestCardOutcome> {
    if (!testProvider) throw new AppError("NOT_FOUND", "Test payments are not enabled.");
    const { intent, event } = await testProvider.confirmCard(card);
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

  /**
   * An approval's event reaches the same handling as a webhook's, as a test card's does. A gateway's success has the
   * same id however it was learnt (webhook, waiting page), so it is looked up: processed once.
   */
  async function deliver(outcome: PromptOutcome | LocalOutcome, log?: WarnLog, fresh = true): Promise<MobileMoneyOutcome> {
    if (outcome.event) {
      try {
        await events.process(outcome.event, log, { fresh });
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
  /** The gateway's provider that stored a local charge (`lc_…`), by trying each configured one (at most two). */
  async function withLocal<T>(clientSecret: string, call: (local: LocalChargesProvider) => Promise<T>): Promise<T> {
    let missing: unknown = new AppError("NOT_FOUND", "This payment could not be found. Please start again.");
    for (const local of locals) {
      try {
        return await call(local);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "NOT_FOUND") throw error;
        missing = error;
      }
    }
    throw missing;
  }
  const isLocal = (clientSecret: string) => clientSecret.startsWith(LOCAL_CHARGE_PREFIX) && locals.length > 0;

  const mobileMoney = {
    prompt: async (input: { clientSecret: string; phone: string; email: string }, log?: WarnLog) =>
      isLocal(input.clientSecret)
        ? deliver(await withLocal(input.clientSecret, (l) => l.prompt(input.clientSecret, input.phone, input.email)), log, false)
        : deliver(await testOnly().prompt(input.clientSecret, input.phone), log),
    state: async (clientSecret: string, log?: WarnLog): Promise<MobileMoneyOutcome> => {
      if (isLocal(clientSecret)) return deliver(await withLocal(clientSecret, (l) => l.state(clientSecret)), log, false);
      const intent = await testOnly().state(clientSecret);
      return { status: intent.status, message: intent.lastError };
    },
    answer: async (input: { clientSecret: string; approve: boolean }, log?: WarnLog) =>
      deliver(await testOnly().answer(input.clientSecret, input.approve), log),
  };

  const receiveGatewayWebhook = createGatewayWebhooks({ locals, events });

  return { provider, events, clientConfig, confirmTestCard, receiveWebhook, receiveGatewayWebhook, mobileMoney };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
