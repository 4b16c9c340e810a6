import type { Db } from "../../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { FlutterwaveCharges } from "./flutterwave-charges";
import { LocalChargesProvider } from "./local-charges";
import { PaystackCharges } from "./paystack-charges";
import type { PaymentProvider } from "./provider";
import { RoutingPaymentProvider } from "./routing";
import { StripePaymentProvider } from "./stripe";
import { TestPaymentProvider } from "./test-provider";

/**
 * Stripe when its keys are configured, else the built-in test-mode provider; with Paystack or Flutterwave configured
 * (or Stripe), a routing provider in front that sends each local currency to the gateway that charges it (routing.ts).
 */
export function createPaymentProvider(
  config: Pick<Config, "stripe" | "sessionSecret"> & Partial<Pick<Config, "paystack" | "flutterwave">>,
  clock: Clock,
  db: Db,
): PaymentProvider {
  const [secret = ""] = config.sessionSecret;
  const card = config.stripe ? new StripePaymentProvider(config.stripe) : new TestPaymentProvider(db, clock, secret);
  const locals = [
    ...(config.paystack ? [new LocalChargesProvider(db, clock, new PaystackCharges(config.paystack))] : []),
    ...(config.flutterwave ? [new LocalChargesProvider(db, clock, new FlutterwaveCharges(config.flutterwave))] : []),
  ];
  return locals.length === 0 && !config.stripe ? card : new RoutingPaymentProvider(card, locals);
}

/** The test-mode provider behind `provider` (itself, or the routing provider's card provider), or null with Stripe. */
export function testProviderOf(provider: PaymentProvider): TestPaymentProvider | null {
  const card = provider instanceof RoutingPaymentProvider ? provider.card : provider;
  return card instanceof TestPaymentProvider ? card : null;
}

/** The configured local gateways' providers (none in test mode). */
export function localProvidersOf(provider: PaymentProvider): readonly LocalChargesProvider[] {
  return provider instanceof RoutingPaymentProvider ? provider.locals : [];
}
