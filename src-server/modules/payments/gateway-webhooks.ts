import { AppError } from "../../../src/errors";
import type { WarnLog } from "../../platform/database";
import {
  chargeIdOf,
  LOCAL_CHARGE_PREFIX,
  type LocalChargesProvider,
  type LocalOutcome,
} from "../../platform/payments/local-charges";
import { GatewaySignatureError, type GatewayName } from "../../platform/payments/local-gateway";
import type { createPaymentEvents, PaymentEventOutcome } from "./events";
import { WEBHOOK_SIGNATURE_FAILED } from "./messages";

export function createGatewayWebhooks({
  locals,
  events,
}: {
  locals: readonly LocalChargesProvider[];
  events: ReturnType<typeof createPaymentEvents>;
}) {
  /**
   * A charge's or a refund's event from a gateway, on its webhook route (payouts' /api/webhooks/paystack and
   * /api/webhooks/flutterwave send what is not about a transfer here). The signature is verified (a bad one throws
   * BAD_REQUEST); a charge event has the gateway's own record read (verify), and only a success of the charge's exact
   * amount and currency is handed on as payment_intent.succeeded, with an id the same for every delivery and every
   * other way it was learnt, so it is processed once; a refund event has the charge's refunds read back from the
   * gateway (charge.refunded), as Stripe's do. An event about nothing of ours is acknowledged and ignored.
   */
  return async function receiveGatewayWebhook(
    gateway: GatewayName,
    raw: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
    log?: WarnLog,
  ): Promise<{ outcome: PaymentEventOutcome }> {
    const local = locals.find((l) => l.gateway.name === gateway);
    if (!local) return { outcome: "ignored" };
    let event;
    try {
      event = local.gateway.parseWebhook(raw, headers);
    } catch (error) {
      if (error instanceof GatewaySignatureError || error instanceof SyntaxError)
        throw new AppError("BAD_REQUEST", WEBHOOK_SIGNATURE_FAILED, { cause: error });
      throw error;
    }
    const reference = event.reference;
    if (!reference?.startsWith(LOCAL_CHARGE_PREFIX)) return { outcome: "ignored" };
    if (event.type === "charge.succeeded" || event.type === "charge.failed") {
      let outcome: LocalOutcome;
      try {
        outcome = await local.reconcile(reference);
      } catch (error) {
        if (error instanceof AppError) {
          log?.warn({ gateway, reference, err: error }, "gateway charge event refused");
          return { outcome: error.code === "NOT_FOUND" ? "ignored" : "rejected" };
        }
        throw error;
      }
      return { outcome: outcome.event ? await events.process(outcome.event, log) : "ignored" };
    }
    if (event.type === "refund.changed") {
      const outcome = await events.process(
        {
          id: `${gateway}:${event.name}:${event.eventId ?? reference}`,
          type: "charge.refunded",
          paymentIntent: null,
          refundedPaymentIntentId: chargeIdOf(reference),
        },
        log,
      );
      return { outcome };
    }
    return { outcome: "ignored" };
  };
}
