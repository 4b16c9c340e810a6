import type { Db } from "../../../db/client";
import type { Config } from "../config";
import type { PayoutRails } from "./rail";
import { TestPayoutRail } from "./test-rail";

/** Each local rail real when its keys are configured, else its built-in test mode (the embedded default). */
export function createPayoutRails(config: Pick<Config, "sessionSecret">, db: Db): PayoutRails {
  const [secret = ""] = config.sessionSecret;
  return {
    paystack: new TestPayoutRail("paystack", db, secret),
    flutterwave: new TestPayoutRail("flutterwave", db, secret),
  };
}
