import type { Db } from "../../../db/client";
import type { Config } from "../config";
import { FlutterwaveRail } from "./flutterwave";
import { PaystackRail } from "./paystack";
import type { PayoutRails } from "./rail";
import { TestPayoutRail } from "./test-rail";

/** Each local rail real when its keys are configured, else its built-in test mode (the embedded default). */
export function createPayoutRails(
  config: Pick<Config, "sessionSecret"> & Partial<Pick<Config, "paystack" | "flutterwave">>,
  db: Db,
): PayoutRails {
  const [secret = ""] = config.sessionSecret;
  return {
    paystack: config.paystack ? new PaystackRail(config.paystack) : new TestPayoutRail("paystack", db, secret),
    flutterwave: config.flutterwave ? new FlutterwaveRail(config.flutterwave) : new TestPayoutRail("flutterwave", db, secret),
  };
}
