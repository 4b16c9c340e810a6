import { AppError } from "../../src/errors";
import type { TestCardInput } from "../../src/schemas/bookings";
import type { PaymentEvents } from "./events";
import type { PaymentIntentStatus, PaymentProvider } from "./provider";
import { TestPaymentProvider } from "./test-provider";

export interface TestCardOutcome {
  status: PaymentIntentStatus;
  /** The provider's message when the card failed, e.g. "Your card was declined." */
  message: string | null;
}

/**
 * The test-mode card form's submission. Like Stripe, the outcome reaches the same event handling
 * as a webhook delivery, so confirmation and freed holds work the same offline.
 */
export async function confirmTestCard(
  services: { payments: PaymentProvider; paymentEvents: PaymentEvents },
  card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string } & Partial<TestCardInput>,
): Promise<TestCardOutcome> {
  const provider = services.payments;
  if (!(provider instanceof TestPaymentProvider)) throw new AppError("NOT_FOUND", "Test payments are not enabled.");
  const { intent, event } = provider.confirmCard(card);
  if (event) {
    try {
      await services.paymentEvents.process(event);
    } catch {
      // The card outcome stands; like an undelivered webhook, the confirmation screen's own call confirms it.
    }
  }
  return { status: intent.status, message: intent.lastError };
}
