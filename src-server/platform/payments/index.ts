import type { Db } from "../../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { PaymentProvider } from "./provider";
import { StripePaymentProvider } from "./stripe";
import { TestPaymentProvider } from "./test-provider";

/** Stripe when its keys are configured, else the built-in test-mode provider. */
export function createPaymentProvider(config: Pick<Config, "stripe" | "sessionSecret">, clock: Clock, db: Db): PaymentProvider {
  const [secret = ""] = config.sessionSecret;
  return config.stripe ? new StripePaymentProvider(config.stripe) : new TestPaymentProvider(db, clock, secret);
}
