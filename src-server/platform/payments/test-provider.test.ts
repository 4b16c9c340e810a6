import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { createTestDatabase } from "../../test/database";
import { FakeClock } from "../clock";
import { UnknownPaymentIntentError } from "./provider";
import { TEST_CARDS, TestPaymentProvider } from "./test-provider";

const SECRET = "a-shared-session-secret-of-32-characters";
let database: Database;
let one: TestPaymentProvider;
let two: TestPaymentProvider;
const clock = new FakeClock(new Date("2026-11-22T10:00:00Z"));
const card = (clientSecret: string, cardNumber: string = TEST_CARDS.success) => ({
  clientSecret,
  cardNumber,
  expiry: "12/34",
  cvc: "123",
});
let keys = 0;
const intent = (provider: TestPaymentProvider, amount = 4500) =>
  provider.createPaymentIntent({ amount, currency: "USD", metadata: { kind: "booking" }, idempotencyKey: `key-${keys++}` });

beforeAll(async () => {
  database = await createTestDatabase();
  // Two instances of the app: two providers on one database.
  one = new TestPaymentProvider(database.db, clock, SECRET);
  two = new TestPaymentProvider(database.db, clock, SECRET);
});
afterAll(async () => {
  await database.close();
});

describe("the test-mode provider on a shared database", () => {
  it("an intent made on one instance is found and confirmed on another, and survives a restart", async () => {
    const created = await intent(one);
    expect(await two.retrievePaymentIntent(created.id)).toEqual(created);
    const { intent: paid, event } = await two.confirmCard(card(created.clientSecret));
    expect(paid.status).toBe("succeeded");
    expect(event?.type).toBe("payment_intent.succeeded");
    const restarted = new TestPaymentProvider(database.db, clock, SECRET);
    expect((await restarted.retrievePaymentIntent(created.id)).status).toBe("succeeded");
    await expect(restarted.retrievePaymentIntent("pi_test_unknown")).rejects.toBeInstanceOf(UnknownPaymentIntentError);
  });

  it("one idempotency key is one intent, whichever instance and however many at once", async () => {
    const input = { amount: 1234, currency: "usd", metadata: {}, idempotencyKey: "same-key" };
    const all = await Promise.all([...Array(10).keys()].map((i) => (i % 2 ? one : two).createPaymentIntent(input)));
    expect(new Set(all.map((i) => i.id)).size).toBe(1);
  });

  it("ten confirmations of one intent at once give exactly one success event", async () => {
    const created = await intent(one);
    const results = await Promise.all(
      [...Array(10).keys()].map((i) => (i % 2 ? one : two).confirmCard(card(created.clientSecret))),
    );
    expect(results.filter((r) => r.event?.type === "payment_intent.succeeded")).toHaveLength(1);
    expect(results.every((r) => r.intent.status === "succeeded")).toBe(true);
  });

  it("a declined card leaves the intent payable; a cancelled one cannot be paid", async () => {
    const created = await intent(one);
    const declined = await one.confirmCard(card(created.clientSecret, TEST_CARDS.declined));
    expect(declined.event?.type).toBe("payment_intent.payment_failed");
    expect(declined.intent.lastError).toBe("Your card was declined.");
    await two.cancelPaymentIntent(created.id);
    await expect(one.confirmCard(card(created.clientSecret))).rejects.toThrow("This payment was cancelled. Please start again.");
  });

  it("refunds: one per key across instances, never more than was paid, listed everywhere", async () => {
    const created = await intent(one, 5000);
    await one.confirmCard(card(created.clientSecret));
    const input = { paymentIntentId: created.id, amount: 2000, idempotencyKey: "refund-1" };
    const same = await Promise.all([one.refund(input), two.refund(input), one.refund(input)]);
    expect(new Set(same.map((r) => r.id)).size).toBe(1);
    await expect(two.refund({ paymentIntentId: created.id, amount: 3001, idempotencyKey: "refund-2" })).rejects.toThrow(
      "A refund must be between 1 and 3000 cents.",
    );
    await two.refundElsewhere(created.id, 1000);
    expect((await one.listRefunds(created.id)).map((r) => r.amount).sort()).toEqual([1000, 2000]);
  });

  it("takes cards and refunds in cedis (pesewas) and CFA francs (whole francs), never more than was paid", async () => {
    for (const [currency, charged, half] of [
      ["GHS", 64890, 32445],
      ["XOF", 27248, 13624],
    ] as const) {
      const created = await one.createPaymentIntent({
        amount: charged,
        currency,
        metadata: { kind: "booking" },
        idempotencyKey: `key-${keys++}`,
      });
      expect(created.currency).toBe(currency.toLowerCase());
      const { intent: paid, event } = await two.confirmCard(card(created.clientSecret));
      expect({ status: paid.status, amount: paid.amount, currency: paid.currency }).toEqual({
        status: "succeeded",
        amount: charged,
        currency: currency.toLowerCase(),
      });
      expect(event?.paymentIntent?.currency).toBe(currency.toLowerCase());
      const refund = await one.refund({ paymentIntentId: created.id, amount: half, idempotencyKey: `${currency}-half` });
      expect({ amount: refund.amount, currency: refund.currency }).toEqual({ amount: half, currency: currency.toLowerCase() });
      await expect(
        two.refund({ paymentIntentId: created.id, amount: charged - half + 1, idempotencyKey: `${currency}-too-much` }),
      ).rejects.toThrow(`A refund must be between 1 and ${charged - half} ${currency} minor units.`);
      await two.refund({ paymentIntentId: created.id, amount: charged - half, idempotencyKey: `${currency}-rest` });
      expect((await one.listRefunds(created.id)).reduce((sum, r) => sum + r.amount, 0)).toBe(charged);
    }
  });

  it("a webhook signed on one instance verifies on another; another secret does not", () => {
    const body = JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded", paymentIntent: null });
    expect(two.parseWebhookEvent(Buffer.from(body), one.sign(body)).id).toBe("evt_1");
    const stranger = new TestPaymentProvider(database.db, clock, "another-secret-of-at-least-32-characters");
    expect(() => two.parseWebhookEvent(Buffer.from(body), stranger.sign(body))).toThrow("Webhook signature does not verify");
  });

  it("answers a card in this order: an unknown payment, a paid one (no new event), then the card's own problems", async () => {
    const bad = { ...card("pi_test_none_secret_none"), cardNumber: "1234" };
    await expect(one.confirmCard(bad)).rejects.toThrow("This payment could not be found. Please start again.");
    const created = await intent(one);
    await expect(one.confirmCard({ ...card(created.clientSecret), cardNumber: "1234" })).rejects.toThrow(
      "Your card number is invalid.",
    );
    await expect(one.confirmCard({ ...card(created.clientSecret), expiry: "01/20" })).rejects.toThrow(
      "Your card's expiration date is in the past.",
    );
    expect((await one.retrievePaymentIntent(created.id)).status).toBe("requires_payment_method");
    const paid = await one.confirmCard(card(created.clientSecret));
    expect(paid.event?.type).toBe("payment_intent.succeeded");
    // Paid already: the same answer, whatever card comes next, and no second event.
    const again = await two.confirmCard({ ...card(created.clientSecret), cardNumber: "1234" });
    expect(again).toEqual({ intent: paid.intent, event: null });
  });
});
