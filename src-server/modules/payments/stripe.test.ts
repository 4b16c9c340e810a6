import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { bookingRefunds, bookings } from "../../../db/schema";
import { createSeer, createUser } from "../../../db/seed/factories";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, trpcQuery, type TestApp } from "../../test/app";
import { StripePaymentProvider } from "../../platform/payments/stripe";

const WEBHOOK_SECRET = "whsec_test_secret";
const NOW = new Date("2026-11-22T10:00:00Z");

interface SentIntent {
  body: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}
const sent: SentIntent[] = [];
const intents = new Map<string, Record<string, unknown>>();
/** Refunds as Stripe lists them, by payment intent (made in Stripe's dashboard in these tests). */
const refunds = new Map<string, Record<string, unknown>[]>();

const server = setupServer(
  http.post("https://api.stripe.com/v1/payment_intents", async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    sent.push({
      body,
      idempotencyKey: request.headers.get("idempotency-key"),
      authorization: request.headers.get("authorization"),
    });
    const id = `pi_${sent.length}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of body) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m?.[1]) metadata[m[1]] = value;
    }
    const intent = {
      id,
      object: "payment_intent",
      amount: Number(body.get("amount")),
      currency: body.get("currency"),
      status: "requires_payment_method",
      client_secret: `${id}_secret_abc`,
      metadata,
      last_payment_error: null,
    };
    intents.set(id, intent);
    return HttpResponse.json(intent);
  }),
  http.get("https://api.stripe.com/v1/payment_intents/:id", ({ params }) => {
    const intent = intents.get(String(params.id));
    if (!intent)
      return HttpResponse.json({ error: { type: "invalid_request_error", message: "No such payment_intent" } }, { status: 404 });
    return HttpResponse.json(intent);
  }),
  http.get("https://api.stripe.com/v1/refunds", ({ request }) => {
    const pi = new URL(request.url).searchParams.get("payment_intent") ?? "";
    return HttpResponse.json({ object: "list", data: refunds.get(pi) ?? [], has_more: false, url: "/v1/refunds" });
  }),
);

let t: TestApp;
let app: FastifyInstance;
let database: Database;
let seerId: string;
let cookie: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  t = await createTestApp({
    clock: new FakeClock(NOW),
    payments: new StripePaymentProvider({
      secretKey: "sk_test_123",
      publishableKey: "pk_test_123",
      webhookSecret: WEBHOOK_SECRET,
    }),
  });
  ({ app, database } = t);
  seerId = (await createSeer(database.db, { price60Min: "80.00" })).id;
  await createUser(database.db, { email: "stripe-client@example.com" }, { password: "stripe client password 1" });
  cookie = await signIn(app, "stripe-client@example.com", "stripe client password 1");
});
afterAll(async () => {
  server.close();
  await t.close();
});

async function book(time: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify({
      seerId,
      sessionType: "60min",
      scheduledDate: "2026-11-25",
      scheduledTime: time,
      notes: "",
      clientTimezone: "UTC",
      amount: 80,
    }),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { bookingId: string; paymentIntentId: string; clientSecret: string };
}

function deliver(event: Record<string, unknown>, signature?: string) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

const intentEvent = (id: string, type: string, intent: Record<string, unknown>) => ({
  id,
  object: "event",
  type,
  api_version: "2025-01-01",
  created: Math.floor(Date.now() / 1000),
  data: { object: intent },
});

const status = async (id: string) =>
  (await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe("the Stripe adapter", () => {
  it("tells the client to show Stripe's Payment Element with the publishable key", async () => {
    const response = await trpcQuery(app, "payments.config");
    // Mobile money is not offered with Stripe alone (no mobile money provider is configured).
    expect(response.json().result.data.json).toEqual({ provider: "stripe", publishableKey: "pk_test_123", mobileMoney: false, mobileMoneyCurrencies: [] });
  });

  it("creates a PaymentIntent in cents with the currency, metadata naming the booking and an idempotency key", async () => {
    const created = await book("10:00");
    const request = sent.at(-1);
    expect(request?.authorization).toBe("Bearer sk_test_123");
    expect(request?.body.get("amount")).toBe("8000");
    expect(request?.body.get("currency")).toBe("usd");
    expect(request?.body.get("metadata[bookingId]")).toBe(created.bookingId);
    expect(request?.body.get("metadata[kind]")).toBe("booking");
    expect(request?.idempotencyKey).toBe(`booking:${created.bookingId}`);
    expect(created.clientSecret).toBe(`${created.paymentIntentId}_secret_abc`);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(row).toMatchObject({
      paymentProvider: "stripe",
      stripePaymentIntentId: created.paymentIntentId,
      paymentIntentId: created.paymentIntentId,
    });
  });

  it("confirms on a signed payment_intent.succeeded, and a bad signature gets 400 and changes nothing", async () => {
    const created = await book("12:00");
    const succeeded = { ...intents.get(created.paymentIntentId), status: "succeeded" };
    const bad = await deliver(intentEvent("evt_bad", "payment_intent.succeeded", succeeded), "t=1,v1=deadbeef");
    expect(bad.statusCode).toBe(400);
    expect(await status(created.bookingId)).toBe("pending");

    const good = await deliver(intentEvent("evt_good", "payment_intent.succeeded", succeeded));
    expect(good.statusCode).toBe(200);
    expect(await status(created.bookingId)).toBe("confirmed");
  });

  it("confirms through POST /api/confirm-booking-payment by asking Stripe, not the client", async () => {
    const created = await book("14:00");
    const pending = await app.inject({
      method: "POST",
      url: "/api/confirm-booking-payment",
      headers: { "content-type": "application/json", cookie },
      payload: { paymentIntentId: created.paymentIntentId },
    });
    expect(pending.statusCode).toBe(400);
    intents.set(created.paymentIntentId, { ...intents.get(created.paymentIntentId), status: "succeeded" });
    const confirmed = await app.inject({
      method: "POST",
      url: "/api/confirm-booking-payment",
      headers: { "content-type": "application/json", cookie },
      payload: { paymentIntentId: created.paymentIntentId },
    });
    expect(confirmed.json()).toMatchObject({ status: "confirmed", meetingLink: `/meeting/${created.bookingId}` });
  });

  it("refuses an intent whose currency does not match, and frees the hold on payment_intent.payment_failed", async () => {
    const created = await book("16:00");
    const wrongCurrency = { ...intents.get(created.paymentIntentId), status: "succeeded", currency: "eur" };
    const response = await deliver(intentEvent("evt_eur", "payment_intent.succeeded", wrongCurrency));
    expect(response.json()).toEqual({ received: true, outcome: "rejected" });
    expect(await status(created.bookingId)).toBe("pending");

    const failed = { ...intents.get(created.paymentIntentId), last_payment_error: { message: "Your card was declined." } };
    expect((await deliver(intentEvent("evt_failed", "payment_intent.payment_failed", failed))).statusCode).toBe(200);
    expect(await status(created.bookingId)).toBe("failed");
  });
});

/** A refund as Stripe sends it, inside a refund.* event or listed by GET /v1/refunds. */
const stripeRefund = (id: string, paymentIntentId: string, amount: number, status = "succeeded") => ({
  id,
  object: "refund",
  amount,
  balance_transaction: `txn_${id}`,
  charge: `ch_${paymentIntentId}`,
  created: Math.floor(NOW.getTime() / 1000),
  currency: "usd",
  metadata: {},
  payment_intent: paymentIntentId,
  reason: "requested_by_customer",
  receipt_number: null,
  source_transfer_reversal: null,
  status,
  transfer_reversal: null,
});

/** A charge.refunded event's charge, as Stripe sends it (abridged to the fields Stripe always includes). */
const refundedCharge = (paymentIntentId: string, amount: number, refunded: number) => ({
  id: `ch_${paymentIntentId}`,
  object: "charge",
  amount,
  amount_captured: amount,
  amount_refunded: refunded,
  captured: true,
  currency: "usd",
  customer: null,
  livemode: false,
  metadata: { kind: "booking" },
  paid: true,
  payment_intent: paymentIntentId,
  payment_method: "pm_card_visa",
  refunded: refunded >= amount,
  status: "succeeded",
});

describe("refund events from Stripe", () => {
  const provider = new StripePaymentProvider({
    secretKey: "sk_test_123",
    publishableKey: "pk_test_123",
    webhookSecret: WEBHOOK_SECRET,
  });
  const signed = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };

  it("reads the refunded payment from a charge.refunded and a refund.updated event, and refuses a bad signature", () => {
    const charge = signed(intentEvent("evt_ch", "charge.refunded", refundedCharge("pi_parse", 8000, 2000)));
    expect(provider.parseWebhookEvent(charge.body, charge.signature)).toMatchObject({
      id: "evt_ch",
      type: "charge.refunded",
      paymentIntent: null,
      refundedPaymentIntentId: "pi_parse",
    });
    const refund = signed(intentEvent("evt_re", "refund.updated", stripeRefund("re_parse", "pi_parse", 2000)));
    expect(provider.parseWebhookEvent(refund.body, refund.signature)).toMatchObject({
      type: "refund.updated",
      refundedPaymentIntentId: "pi_parse",
    });
    // An expanded payment_intent names the same payment.
    const expanded = signed(
      intentEvent("evt_exp", "charge.refunded", { ...refundedCharge("pi_parse", 8000, 8000), payment_intent: { id: "pi_parse" } }),
    );
    expect(provider.parseWebhookEvent(expanded.body, expanded.signature).refundedPaymentIntentId).toBe("pi_parse");

    const forged = signed(intentEvent("evt_forged", "charge.refunded", refundedCharge("pi_parse", 8000, 8000)), "whsec_other");
    expect(() => provider.parseWebhookEvent(forged.body, forged.signature)).toThrow();
    // A body changed after signing does not verify either.
    const tampered = Buffer.from(charge.body.toString().replace("pi_parse", "pi_other"));
    expect(() => provider.parseWebhookEvent(tampered, charge.signature)).toThrow();
    expect(() => provider.parseWebhookEvent(charge.body, undefined)).toThrow();
  });

  it("applies a refund made in Stripe's dashboard to the booking from a signed charge.refunded; a bad signature changes nothing", async () => {
    const created = await book("18:00");
    const succeeded = { ...intents.get(created.paymentIntentId), status: "succeeded" };
    expect((await deliver(intentEvent("evt_paid_18", "payment_intent.succeeded", succeeded))).statusCode).toBe(200);
    refunds.set(created.paymentIntentId, [stripeRefund("re_dash_1", created.paymentIntentId, 2000)]);
    const event = intentEvent("evt_refunded_18", "charge.refunded", refundedCharge(created.paymentIntentId, 8000, 2000));
    const row = async () =>
      (await database.db.select().from(bookings).where(eq(bookings.id, created.bookingId)))[0];

    const bad = await deliver(event, "t=1,v1=deadbeef");
    expect(bad.statusCode).toBe(400);
    expect(await row()).toMatchObject({ status: "confirmed", refundedAmount: "0.00" });

    const good = await deliver(event);
    expect(good.json()).toEqual({ received: true, outcome: "processed" });
    expect(await row()).toMatchObject({ status: "confirmed", refundedAmount: "20.00" });
    // The refund.created Stripe sends for the same refund adds nothing.
    const again = await deliver(intentEvent("evt_re_18", "refund.created", stripeRefund("re_dash_1", created.paymentIntentId, 2000)));
    expect(again.statusCode).toBe(200);
    expect(
      await database.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, created.bookingId)),
    ).toMatchObject([{ id: "re_dash_1", amount: "20.00", status: "succeeded" }]);
  });
});
