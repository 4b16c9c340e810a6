import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_MONEY_PROMPT_MINUTES, PROMPT_DECLINED, PROMPT_TIMED_OUT } from "../../../src/domain/mobile-money";
import { FakeClock } from "../../platform/clock";
import { NO_PROMPT, NOT_MOBILE_MONEY } from "../../platform/payments/test-phone";
import { createTestApp, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";

const NOW = new Date("2026-11-27T10:00:00Z");
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  cookie = (await signUp(t.app, { email: "momo-client@example.com" })).cookie;
});
afterAll(async () => {
  await t.close();
});

type Outcome = { status: string; message: string | null };
/** An intent in cedis as a purchase opens it (its kind matches no purchase, so the approval confirms nothing else). */
async function intentIn(currency: string, key: string) {
  const intent = await t.app.services.payments.provider.createPaymentIntent({
    amount: 64890,
    currency,
    metadata: { kind: "probe" },
    idempotencyKey: key,
  });
  return intent.clientSecret;
}
const prompt = async (clientSecret: string, phone: string) =>
  trpcMutation(t.app, "payments.startMobileMoney", { clientSecret, phone }, cookie);
const answer = async (clientSecret: string, approve: boolean) =>
  trpcMutation(t.app, "payments.answerTestPhone", { clientSecret, approve }, cookie);
const state = async (clientSecret: string) =>
  trpcData<Outcome>(await trpcQuery(t.app, "payments.mobileMoneyState", { clientSecret }, cookie));

describe("mobile money in test mode", () => {
  it("waits for the phone, and pays once when it approves", async () => {
    // Offered in test mode (payments.config), where the test phone answers.
    expect(trpcData<{ mobileMoney: boolean }>(await trpcQuery(t.app, "payments.config")).mobileMoney).toBe(true);
    const secret = await intentIn("ghs", "momo-approve");
    expect(trpcData<Outcome>(await prompt(secret, "+233 24 412 1234"))).toEqual({ status: "requires_action", message: null });
    expect(await state(secret)).toEqual({ status: "requires_action", message: null });
    expect(trpcData<Outcome>(await answer(secret, true))).toEqual({ status: "succeeded", message: null });
    // Approved twice, prompted again: it stays paid, once.
    expect(trpcData<Outcome>(await answer(secret, true)).status).toBe("succeeded");
    expect(trpcData<Outcome>(await prompt(secret, "0244121234")).status).toBe("succeeded");
    const intent = await t.app.services.payments.provider.retrievePaymentIntent(secret.split("_secret_")[0] ?? "");
    expect(intent).toMatchObject({ status: "succeeded", amount: 64890, currency: "ghs" });
  });

  it("lets the client try again after a decline on the phone, or a documented declining number", async () => {
    const secret = await intentIn("ghs", "momo-decline");
    await prompt(secret, "0244121234");
    expect(trpcData<Outcome>(await answer(secret, false))).toEqual({ status: "requires_payment_method", message: PROMPT_DECLINED });
    expect(trpcError(await answer(secret, true)).message).toBe(NO_PROMPT);
    expect(trpcData<Outcome>(await prompt(secret, "0244120000"))).toEqual({ status: "requires_payment_method", message: PROMPT_DECLINED });
    // Another number: the prompt goes out again and is approved.
    expect(trpcData<Outcome>(await prompt(secret, "0244125678")).status).toBe("requires_action");
    expect(trpcData<Outcome>(await answer(secret, true)).status).toBe("succeeded");
  });

  it("times a prompt out when the phone does not answer, and refuses to answer it late", async () => {
    const secret = await intentIn("xof", "momo-timeout");
    await prompt(secret, "2250701020304");
    t.clock.set(new Date(NOW.getTime() + (MOBILE_MONEY_PROMPT_MINUTES * 60 + 1) * 1000));
    expect(await state(secret)).toEqual({ status: "requires_payment_method", message: PROMPT_TIMED_OUT });
    expect(trpcError(await answer(secret, true)).message).toBe(NO_PROMPT);
    t.clock.set(NOW);
  });

  it("is for local currencies only, and refuses bad numbers and unknown payments", async () => {
    const dollars = await intentIn("usd", "momo-usd");
    expect(trpcError(await prompt(dollars, "0244121234")).message).toBe(NOT_MOBILE_MONEY);
    expect(trpcError(await prompt(dollars, "12")).data.httpStatus).toBe(400);
    expect(trpcError(await prompt("pi_test_missing_secret_x", "0244121234")).data.httpStatus).toBe(404);
    expect(trpcError(await trpcQuery(t.app, "payments.mobileMoneyState", { clientSecret: dollars })).data.httpStatus).toBe(401);
  });
});
