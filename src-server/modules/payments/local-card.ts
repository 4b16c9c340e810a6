import { AppError } from "../../../src/errors";
import { LOCAL_CARD_RETURN_PATHS, type LocalCardReturnPath } from "../../../src/schemas/bookings";
import type { WarnLog } from "../../platform/database";
import { LOCAL_CHARGE_PREFIX, type LocalChargesProvider, type LocalOutcome } from "../../platform/payments/local-charges";
import type { GatewayName } from "../../platform/payments/local-gateway";
import type { PaymentIntent, PaymentIntentStatus } from "../../platform/payments/provider";
import { TEST_CARDS } from "../../platform/payments/test-provider";

/** A local card's hosted checkout is not offered for this payment: the client may pay another way. */
export const LOCAL_CARD_UNAVAILABLE = "A local card is not available in this currency: pay by mobile money.";

/**
 * A local card (docs/product.md#mobile-money, decision 156): the gateway's hosted checkout, the return from it, and in
 * test mode the stand-in page this server draws (local-card-routes.ts).
 */
export function createLocalCard({
  locals,
  publicUrl,
  isLocal,
  withLocal,
  deliver,
  test,
}: {
  locals: readonly LocalChargesProvider[];
  publicUrl: string;
  /** Whether a client secret is a configured gateway's charge (`lc_…`). */
  isLocal: (clientSecret: string) => boolean;
  /** The gateway's provider that stored a charge, by trying each configured one. */
  withLocal: <T>(clientSecret: string, call: (local: LocalChargesProvider) => Promise<T>) => Promise<T>;
  /** Hands a gateway's outcome to the payment events (its success confirms, a second charge reaches the ledger). */
  deliver: (outcome: LocalOutcome, log?: WarnLog, fresh?: boolean) => Promise<unknown>;
  /** The test mode's intents and card, when the test mode serves. */
  test: {
    state: (clientSecret: string) => Promise<PaymentIntent>;
    confirmCard: (
      card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string },
      log?: WarnLog,
    ) => Promise<{ status: PaymentIntentStatus }>;
  } | null;
}) {
  const returnUrl = (gateway: GatewayName, next: LocalCardReturnPath) =>
    `${publicUrl}/api/payments/return/${gateway}?${new URLSearchParams({ next }).toString()}`;
  /** The page a hosted checkout returns to: only ever one of ours (never an address given by whoever calls). */
  const safeNext = (next: string | undefined): LocalCardReturnPath =>
    LOCAL_CARD_RETURN_PATHS.find((p) => p === next) ?? "/booking-success";
  const backTo = (next: LocalCardReturnPath, paymentIntentId: string, status: PaymentIntentStatus) =>
    `${next}?${new URLSearchParams({ payment_intent: paymentIntentId, redirect_status: status === "succeeded" ? "succeeded" : "failed" }).toString()}`;

  /**
   * A local card (docs/product.md#mobile-money, decision 156): the gateway's hosted checkout (Paystack's initialized
   * transaction, Flutterwave Standard's link), or in test mode the stand-in page this server draws; the client comes
   * back through `returned`, which reads the gateway's own record, to the booking's or order's success page.
   */
  const localCard = {
    start: async (input: { clientSecret: string; returnPath: LocalCardReturnPath; email: string }): Promise<{ url: string }> => {
      if (isLocal(input.clientSecret)) {
        const started = await withLocal(input.clientSecret, (l) =>
          l.checkout(input.clientSecret, input.email, returnUrl(l.gateway.name, input.returnPath)),
        );
        return { url: started.url ?? backTo(input.returnPath, started.intent.id, started.intent.status) };
      }
      if (!test) throw new AppError("BAD_REQUEST", LOCAL_CARD_UNAVAILABLE);
      const intent = await test.state(input.clientSecret);
      if (intent.currency === "usd") throw new AppError("BAD_REQUEST", LOCAL_CARD_UNAVAILABLE);
      if (intent.status === "canceled") throw new AppError("BAD_REQUEST", "This payment was cancelled. Please start again.");
      return {
        url: `/api/payments/test-checkout/${encodeURIComponent(input.clientSecret)}?${new URLSearchParams({ next: input.returnPath }).toString()}`,
      };
    },
    /** The gateway sent the client back: its record is read (never the address's own status), then the success page. */
    returned: async (gateway: string, query: Readonly<Record<string, string | undefined>>, log?: WarnLog): Promise<string> => {
      const next = safeNext(query.next);
      const local = locals.find((l) => l.gateway.name === gateway);
      const reference = local?.gateway.returnedReference(query) ?? null;
      if (!local || !reference?.startsWith(LOCAL_CHARGE_PREFIX) || !(await local.owns(reference)))
        throw new AppError("NOT_FOUND", "This payment could not be found. Please start again.");
      const outcome = await local.reconcile(reference);
      await deliver(outcome, log, false);
      return backTo(next, outcome.intent.id, outcome.intent.status);
    },
    /** The test mode's stand-in for a hosted checkout: paid as a test card is, or given up. */
    testCheckout: async (clientSecret: string, pay: boolean, nextPath: string | undefined, log?: WarnLog): Promise<string> => {
      const next = safeNext(nextPath);
      if (!test) throw new AppError("NOT_FOUND", "Test payments are not enabled.");
      const intent = await test.state(clientSecret);
      if (intent.currency === "usd") throw new AppError("BAD_REQUEST", LOCAL_CARD_UNAVAILABLE);
      if (!pay) return backTo(next, intent.id, intent.status);
      const paid = await test.confirmCard({ clientSecret, cardNumber: TEST_CARDS.success, expiry: "12/99", cvc: "123" }, log);
      return backTo(next, intent.id, paid.status);
    },
    /** What the stand-in page shows: the amount to pay, or nothing when there is no such payment. */
    testCheckoutIntent: async (clientSecret: string) => {
      if (!test) throw new AppError("NOT_FOUND", "Test payments are not enabled.");
      return test.state(clientSecret);
    },
  };
  return localCard;
}
