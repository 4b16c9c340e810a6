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

  it("takes a local card on the test mode's stand-in for a hosted checkout, back to the success page", async () => {
    const secret = await intentIn("ghs", "card-standin");
    const intentId = secret.split("_secret_")[0] ?? "";
    const start = (clientSecret: string) =>
      trpcMutation(t.app, "payments.startLocalCard", { clientSecret, returnPath: "/order-success" }, cookie);
    const { url } = trpcData<{ url: string }>(await start(secret));
    expect(url).toBe(`/api/payments/test-checkout/${encodeURIComponent(secret)}?next=%2Forder-success`);
    const page = await t.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>Test checkout</h1>");
    expect(page.body).toContain("Pay GH₵648.90");
    const submit = (outcome: string, at = url) =>
      t.app.inject({
        method: "POST",
        url: at,
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        payload: new URLSearchParams({ outcome }).toString(),
      });
    const cancelled = await submit("cancel");
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/order-success?payment_intent=${intentId}&redirect_status=failed`);
    expect((await t.app.services.payments.provider.retrievePaymentIntent(intentId)).status).toBe("requires_payment_method");
    const paid = await submit("pay");
    expect(paid.headers.location).toBe(`/order-success?payment_intent=${intentId}&redirect_status=succeeded`);
    expect((await t.app.services.payments.provider.retrievePaymentIntent(intentId)).status).toBe("succeeded");
    // Another site's form is refused by the origin check; a page elsewhere is never where it sends the client.
    const foreign = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      payload: "outcome=pay",
    });
    expect(foreign.statusCode).toBe(403);
    const other = await intentIn("ghs", "card-standin-elsewhere");
    const elsewhere = await submit("cancel", `/api/payments/test-checkout/${encodeURIComponent(other)}?next=https://evil.example/`);
    expect(elsewhere.headers.location).toMatch(/^\/booking-success\?/);
    // Dollars are the card form's.
    expect(trpcError(await start(await intentIn("usd", "card-standin-usd"))).data.httpStatus).toBe(400);
  });
});

