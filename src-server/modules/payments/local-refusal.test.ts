import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localCharges } from "../../../db/schema";
import { FakeClock } from "../../platform/clock";
import { createPaymentProvider } from "../../platform/payments";
import type { Database } from "../../../db/client";
import { createTestDatabase } from "../../test/database";
import { createPaymentService } from "./service";

/**
 * Issue #41: a local currency is charged only by a gateway that takes it. With Stripe as the card provider (no test
 * mode behind it), a currency no configured gateway takes is refused with a clear error before anything is stored or
 * asked of any provider, and payments.config offers only what the gateways take.
 */
const REFUSED = "Payments in this currency are not available: choose Card (USD).";
const stripe = {
  secretKey: "sk_test_seer_refusal",
  publishableKey: "pk_test_seer_refusal",
  webhookSecret: undefined,
  connectWebhookSecret: undefined,
};
const paystack = { secretKey: "sk_test_seer_refusal_paystack", baseUrl: "https://paystack.refusal.test" };
const clock = new FakeClock(new Date("2026-11-27T10:00:00Z"));
// Any request to Stripe or Paystack fails the test: the refusals below must ask nobody.
const server = setupServer();
let database: Database;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  database = await createTestDatabase();
});
afterAll(async () => {
  server.close();
  await database.close();
});

const open = (provider: ReturnType<typeof createPaymentProvider>, currency: string, key: string) =>
  provider.createPaymentIntent({ amount: 64890, currency, metadata: { kind: "probe" }, idempotencyKey: key });

describe("a local currency with Stripe as the card provider", () => {
  it("is refused with a clear error when no gateway is configured, and offered nowhere", async () => {
    const provider = createPaymentProvider({ stripe, sessionSecret: ["refusal"] }, clock, database.db);
    for (const currency of ["ghs", "ngn", "kes", "zar", "xof", "xaf"])
      await expect(open(provider, currency, `refused-${currency}`)).rejects.toMatchObject({ code: "BAD_REQUEST", message: REFUSED });
    expect(await database.db.select().from(localCharges)).toEqual([]);
    const config = createPaymentService({ db: database.db, clock, payments: provider }).clientConfig();
    expect(config).toMatchObject({ provider: "stripe", mobileMoney: false, mobileMoneyCurrencies: [], localCardCurrencies: [] });
  });

  it("goes to Paystack for the currencies Paystack takes, and is refused for the francs no gateway takes", async () => {
    const provider = createPaymentProvider({ stripe, sessionSecret: ["refusal"], paystack }, clock, database.db);
    await expect(open(provider, "xof", "paystack-xof")).rejects.toMatchObject({ code: "BAD_REQUEST", message: REFUSED });
    await expect(open(provider, "xaf", "paystack-xaf")).rejects.toMatchObject({ code: "BAD_REQUEST", message: REFUSED });
    const naira = await open(provider, "ngn", "paystack-ngn");
    expect(naira).toMatchObject({ id: expect.stringMatching(/^lc_/), currency: "ngn", gateway: "paystack" });
    expect((await database.db.select().from(localCharges)).map((c) => c.currency)).toEqual(["ngn"]);
    const config = createPaymentService({ db: database.db, clock, payments: provider }).clientConfig();
    expect(config).toMatchObject({
      mobileMoney: true,
      mobileMoneyCurrencies: ["GHS", "KES"],
      localCardCurrencies: ["GHS", "NGN", "KES", "ZAR"],
    });
  });
});
