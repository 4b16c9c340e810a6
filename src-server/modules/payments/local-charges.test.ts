import { createHmac } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { bookingRefunds, bookings, localCharges, paymentEvents } from "../../../db/schema";
import { PROMPT_DECLINED } from "../../../src/domain/mobile-money";
import { FakeClock } from "../../platform/clock";
import { createPaymentProvider } from "../../platform/payments";
import { createPayoutRails } from "../../platform/payouts";
import { createTestApp, signUp, testConfig, trpcData, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";

/**
 * Issue #41 with a real gateway configured (Paystack, against its documented API in msw): a booking in cedis is
 * charged by mobile money through Paystack, confirmed only once Paystack's own transaction record says it was paid
 * with exactly the charge's amount and currency, once however often the webhook comes, and refunded by the Terms in
 * pesewas through Paystack, its refund webhook reconciling the booking's refunds.
 */
const NOW = new Date("2026-11-22T10:00:00Z");
const SECRET = "sk_test_seer_charges";
const API = "https://paystack.charges.test";
const paystack = { secretKey: SECRET, baseUrl: API };

interface Transaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  status: string;
}
const transactions = new Map<string, Transaction>();
const refunds: { id: number; transaction: number; amount: number; currency: string; status: string }[] = [];
const sent: { method: string; path: string; body: unknown }[] = [];
let nextId = 4099260516;

const server = setupServer(
  http.post(`${API}/charge`, async ({ request }) => {
    const body = (await request.json()) as { reference: string; amount: number; currency: string };
    sent.push({ method: "POST", path: "/charge", body });
    transactions.set(body.reference, {
      id: nextId++,
      reference: body.reference,
      amount: body.amount,
      currency: body.currency,
      status: "pay_offline",
    });
    return HttpResponse.json({
      status: true,
      message: "Charge attempted",
      data: {
        reference: body.reference,
        status: "pay_offline",
        display_text: "Please complete authorization process on your mobile phone",
      },
    });
  }),
  http.get(`${API}/transaction/verify/:reference`, ({ params }) => {
    sent.push({ method: "GET", path: `/transaction/verify/${String(params.reference)}`, body: null });
    const tx = transactions.get(String(params.reference));
    if (!tx) return HttpResponse.json({ status: false, message: "Transaction reference not found" }, { status: 400 });
    return HttpResponse.json({
      status: true,
      message: "Verification successful",
      data: { ...tx, channel: "mobile_money", gateway_response: tx.status === "failed" ? "Declined" : "Approved" },
    });
  }),
  http.post(`${API}/refund`, async ({ request }) => {
    const body = (await request.json()) as { transaction: string; amount: number };
    sent.push({ method: "POST", path: "/refund", body });
    const refund = {
      id: 3018284 + refunds.length,
      transaction: Number(body.transaction),
      amount: body.amount,
      currency: "GHS",
      status: "pending",
    };
    refunds.push(refund);
    return HttpResponse.json({
      status: true,
      message: "Refund has been queued for processing",
      data: { ...refund, transaction: { id: refund.transaction } },
    });
  }),
  http.get(`${API}/refund`, ({ request }) => {
    const transaction = Number(new URL(request.url).searchParams.get("transaction"));
    return HttpResponse.json({
      status: true,
      message: "Refunds retrieved",
      data: refunds.filter((r) => r.transaction === transaction),
    });
  }),
);

let t: TestApp;
let client: { cookie: string; email: string };
let seerId = "";
let nextDay = 1;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  const clock = new FakeClock(NOW);
  const database = await createTestDatabase();
  const config = { ...testConfig, paystack };
  t = await createTestApp({
    clock,
    database,
    payments: createPaymentProvider(config, clock, database.db),
    rails: (db) => createPayoutRails(config, db),
  });
  const seerUser = await createUser(
    t.database.db,
    { role: "seer", email: "seer-charges@example.com" },
    { password: "seer password 1" },
  );
  seerId = (await createSeer(t.database.db, { userId: seerUser.id, price15Min: null, price30Min: "45.00", price60Min: "80.00" }))
    .id;
  client = await signUp(t.app, { email: "client-charges@example.com" });
});
afterEach(() => {
  sent.length = 0;
});
afterAll(async () => {
  server.close();
  await t.close();
  await t.database.close();
});

type Created = { clientSecret: string; bookingId: string; paymentIntentId: string; chargeAmount: number };
async function holdInCedis(): Promise<Created> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: { "content-type": "application/json", cookie: client.cookie },
    payload: JSON.stringify({
      seerId,
      sessionType: "30min",
      scheduledDate: new Date(NOW.getTime() + nextDay++ * 86_400_000).toISOString().slice(0, 10),
      scheduledTime: "14:00",
      clientTimezone: "UTC",
      currency: "GHS",
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Created>();
}
const prompt = async (clientSecret: string) =>
  trpcData<{ status: string; message: string | null }>(
    await trpcMutation(t.app, "payments.startMobileMoney", { clientSecret, phone: "+233 24 412 1234" }, client.cookie),
  );
const sign = (body: string, secret = SECRET) => createHmac("sha512", secret).update(body).digest("hex");
async function webhook(event: string, data: Record<string, unknown>, secret = SECRET) {
  const body = JSON.stringify({ event, data });
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/paystack",
    headers: { "content-type": "application/json", "x-paystack-signature": sign(body, secret) },
    payload: body,
  });
}
const bookingOf = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const chargeOf = async (id: string) => (await t.database.db.select().from(localCharges).where(eq(localCharges.id, id)))[0];
const chargeSuccess = (tx: Transaction) => ({
  id: tx.id,
  reference: tx.reference,
  amount: tx.amount,
  currency: "GHS",
  status: "success",
});

describe("mobile money through Paystack", () => {
  it("offers mobile money in cedis and opens the booking's charge with the gateway", async () => {
    const config = trpcData<{ mobileMoney: boolean; mobileMoneyCurrencies: string[] }>(await trpcQuery(t.app, "payments.config"));
    expect(config.mobileMoney).toBe(true);
    expect(config.mobileMoneyCurrencies).toContain("GHS");
    const created = await holdInCedis();
    expect(created.paymentIntentId).toMatch(/^lc_/);
    expect(await chargeOf(created.paymentIntentId)).toMatchObject({
      gateway: "paystack",
      amount: created.chargeAmount,
      currency: "ghs",
    });
  });

  it("prompts the phone, confirms once on a verified charge.success, and once only however often it arrives", async () => {
    const created = await holdInCedis();
    expect(await prompt(created.clientSecret)).toEqual({ status: "requires_action", message: null });
    const reference = `${created.paymentIntentId}-1`;
    expect(sent[0]).toEqual({
      method: "POST",
      path: "/charge",
      body: {
        email: client.email,
        amount: created.chargeAmount,
        currency: "GHS",
        reference,
        mobile_money: { phone: "0244121234", provider: "mtn" },
      },
    });
    const tx = transactions.get(reference);
    if (!tx) throw new Error("no transaction");
    // The webhook's body alone says success; Paystack's record still says waiting: nothing is confirmed.
    expect((await webhook("charge.success", chargeSuccess(tx))).statusCode).toBe(200);
    expect((await bookingOf(created.bookingId))?.status).toBe("pending");
    tx.status = "success";
    sent.length = 0;
    const first = await webhook("charge.success", chargeSuccess(tx));
    expect(first.statusCode, first.body).toBe(200);
    expect(sent).toContainEqual({ method: "GET", path: `/transaction/verify/${reference}`, body: null });
    const confirmed = await bookingOf(created.bookingId);
    expect(confirmed?.status).toBe("confirmed");
    expect((await webhook("charge.success", chargeSuccess(tx))).statusCode).toBe(200);
    expect((await bookingOf(created.bookingId))?.confirmedAt).toEqual(confirmed?.confirmedAt);
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(like(paymentEvents.id, `paystack:${reference}%`));
    expect(stored.map((e) => e.id)).toEqual([`paystack:${reference}`]);
    // The waiting page agrees, and a prompt asked again changes nothing.
    expect(
      trpcData<{ status: string }>(
        await trpcQuery(t.app, "payments.mobileMoneyState", { clientSecret: created.clientSecret }, client.cookie),
      ).status,
    ).toBe("succeeded");
    expect((await prompt(created.clientSecret)).status).toBe("succeeded");
  });

  it("confirms nothing when Paystack's record is of another amount, or says it failed", async () => {
    const other = await holdInCedis();
    await prompt(other.clientSecret);
    const tx = transactions.get(`${other.paymentIntentId}-1`);
    if (!tx) throw new Error("no transaction");
    Object.assign(tx, { status: "success", amount: 100 });
    expect((await webhook("charge.success", { ...chargeSuccess(tx), amount: other.chargeAmount })).statusCode).toBe(200);
    expect((await bookingOf(other.bookingId))?.status).toBe("pending");
    expect((await chargeOf(other.paymentIntentId))?.status).toBe("requires_action");

    const failed = await holdInCedis();
    await prompt(failed.clientSecret);
    const ftx = transactions.get(`${failed.paymentIntentId}-1`);
    if (!ftx) throw new Error("no transaction");
    ftx.status = "failed";
    expect((await webhook("charge.success", chargeSuccess(ftx))).statusCode).toBe(200);
    expect((await bookingOf(failed.bookingId))?.status).toBe("pending");
    expect(await chargeOf(failed.paymentIntentId)).toMatchObject({
      status: "requires_payment_method",
      lastError: PROMPT_DECLINED,
    });
    // Tried again: a new Paystack transaction (a reference is used once).
    expect((await prompt(failed.clientSecret)).status).toBe("requires_action");
    expect(sent.at(-1)?.body).toMatchObject({ reference: `${failed.paymentIntentId}-2` });
  });

  it("refuses a webhook whose signature does not verify, and changes nothing", async () => {
    const created = await holdInCedis();
    await prompt(created.clientSecret);
    const tx = transactions.get(`${created.paymentIntentId}-1`);
    if (!tx) throw new Error("no transaction");
    tx.status = "success";
    const forged = await webhook("charge.success", chargeSuccess(tx), "sk_test_someone_else");
    expect(forged.statusCode).toBe(400);
    expect((await bookingOf(created.bookingId))?.status).toBe("pending");
    expect((await chargeOf(created.paymentIntentId))?.status).toBe("requires_action");
  });

  it("refunds by the Terms in pesewas through Paystack, and its refund webhook reconciles the booking", async () => {
    const created = await holdInCedis();
    await prompt(created.clientSecret);
    const tx = transactions.get(`${created.paymentIntentId}-1`);
    if (!tx) throw new Error("no transaction");
    tx.status = "success";
    await webhook("charge.success", chargeSuccess(tx));
    expect((await bookingOf(created.bookingId))?.status).toBe("confirmed");
    sent.length = 0;
    // More than 24 hours ahead: all of it back, in the charge's own currency.
    const cancelled = await trpcMutation(t.app, "bookings.cancel", { bookingId: created.bookingId }, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const asked = sent.filter((s) => s.path === "/refund");
    expect(asked).toEqual([
      {
        method: "POST",
        path: "/refund",
        body: expect.objectContaining({ transaction: String(tx.id), amount: created.chargeAmount }),
      },
    ]);
    const rows = () => t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, created.bookingId));
    expect((await rows()).map((r) => r.status)).toEqual(["pending"]);
    const refund = refunds.find((r) => r.transaction === tx.id);
    if (!refund) throw new Error("no refund");
    refund.status = "processed";
    const delivered = await webhook("refund.processed", {
      status: "processed",
      transaction_reference: tx.reference,
      refund_reference: String(refund.id),
      amount: refund.amount,
      currency: "GHS",
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await rows()).map((r) => r.status)).toEqual(["succeeded"]);
  });
});
