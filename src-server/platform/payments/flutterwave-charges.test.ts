import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FlutterwaveCharges } from "./flutterwave-charges";
import { GatewaySignatureError } from "./local-gateway";

/**
 * Flutterwave v3's charge side against its documented requests and answers (msw), no network:
 * - https://developer.flutterwave.com/docs/francophone (POST /v3/charges?type=mobile_money_franco)
 * - https://developer.flutterwave.com/docs/transaction-verification (GET /v3/transactions/verify_by_reference?tx_ref=)
 * - https://developer.flutterwave.com/docs/payment-operations/refunds (POST /v3/transactions/:id/refund, GET /v3/refunds)
 * - https://developer.flutterwave.com/docs/webhooks (verif-hash: the dashboard's secret hash; charge.completed)
 * v3 amounts are major units; francs have none.
 */
const SECRET = "FLWSECK_TEST-seer";
const HASH = "seer-flutterwave-hash";
const API = "https://api.flutterwave.com";
const gateway = new FlutterwaveCharges({ secretKey: SECRET, secretHash: HASH, baseUrl: API });

const sent: { method: string; url: URL; authorization: string | null; body: unknown }[] = [];
const record = async (request: Request) => {
  const text = await request.text();
  sent.push({
    method: request.method,
    url: new URL(request.url),
    authorization: request.headers.get("authorization"),
    body: text === "" ? null : JSON.parse(text),
  });
};
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const start = {
  reference: "lc_9c1e-1",
  amount: 27150,
  currency: "XOF" as const,
  phone: "2250701020304",
  email: "awa@example.com",
};
const transaction = (over: Record<string, unknown> = {}) => ({
  id: 288200108,
  tx_ref: "lc_9c1e-1",
  flw_ref: "FLW-MOCK-7f3a",
  amount: 27150,
  currency: "XOF",
  charged_amount: 27150,
  status: "successful",
  processor_response: "Approved",
  payment_type: "mobilemoneyfranco",
  ...over,
});

describe("Flutterwave francophone mobile money charges", () => {
  it("asks Flutterwave to charge the phone as documented, in francs, with the number's country", async () => {
    server.use(
      http.post(`${API}/v3/charges`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: "success",
          message: "Charge initiated",
          data: { id: 288200108, tx_ref: "lc_9c1e-1", status: "pending" },
        });
      }),
    );
    expect(await gateway.startMobileMoney(start)).toEqual({
      status: "pending",
      message: null,
      providerTransactionId: "288200108",
    });
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.url.pathname).toBe("/v3/charges");
    expect(sent[0]?.url.searchParams.get("type")).toBe("mobile_money_franco");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({
      tx_ref: "lc_9c1e-1",
      amount: 27150,
      currency: "XOF",
      country: "CI",
      email: "awa@example.com",
      phone_number: "2250701020304",
    });
    await gateway.startMobileMoney({ ...start, currency: "XAF", phone: "237670000000" });
    expect(sent[1]?.body).toMatchObject({ currency: "XAF", country: "CM" });
  });

  it("turns a refusal into a failed attempt with Flutterwave's message, and throws on a 5xx", async () => {
    server.use(
      http.post(`${API}/v3/charges`, () =>
        HttpResponse.json({ status: "error", message: "Invalid phone number", data: null }, { status: 400 }),
      ),
    );
    expect(await gateway.startMobileMoney(start)).toEqual({
      status: "failed",
      message: "Invalid phone number",
      providerTransactionId: null,
    });
    server.use(http.post(`${API}/v3/charges`, () => new HttpResponse(null, { status: 500 })));
    await expect(gateway.startMobileMoney(start)).rejects.toThrow(/500/);
  });

  it("reads the transaction record by our reference: success, failure, another currency, none", async () => {
    server.use(
      http.get(`${API}/v3/transactions/verify_by_reference`, async ({ request }) => {
        await record(request);
        const ref = new URL(request.url).searchParams.get("tx_ref");
        if (ref === "lc_gone-1")
          return HttpResponse.json(
            { status: "error", message: "No transaction was found for this id", data: null },
            { status: 400 },
          );
        if (ref === "lc_no-1")
          return HttpResponse.json({
            status: "success",
            message: "Transaction fetched successfully",
            data: transaction({ tx_ref: ref, status: "failed", processor_response: "Declined" }),
          });
        if (ref === "lc_usd-1")
          return HttpResponse.json({
            status: "success",
            message: "Transaction fetched successfully",
            data: transaction({ tx_ref: ref, currency: "USD", amount: 45 }),
          });
        return HttpResponse.json({ status: "success", message: "Transaction fetched successfully", data: transaction() });
      }),
    );
    expect(await gateway.verify("lc_9c1e-1", "XOF")).toEqual({
      status: "succeeded",
      amount: 27150,
      currency: "xof",
      providerTransactionId: "288200108",
      message: null,
    });
    expect(sent[0]?.url.searchParams.get("tx_ref")).toBe("lc_9c1e-1");
    expect(await gateway.verify("lc_no-1", "XOF")).toMatchObject({ status: "failed", message: "Declined" });
    expect(await gateway.verify("lc_usd-1", "XOF")).toMatchObject({ currency: "usd" });
    expect(await gateway.verify("lc_gone-1", "XOF")).toBeNull();
  });

  it("refunds part of a charge by its transaction id in francs, and finds its refunds in the list", async () => {
    server.use(
      http.post(`${API}/v3/transactions/:id/refund`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: "success",
          message: "Transaction refund initiated",
          data: {
            id: 75923,
            account_id: 73362,
            tx_id: 288200108,
            flw_ref: "URF_1577867664541_3572735",
            amount_refunded: 13575,
            status: "completed",
            destination: "payment_source",
            created_at: "2026-11-27T10:00:00.000Z",
          },
        });
      }),
      http.get(`${API}/v3/refunds`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: "success",
          message: "Refunds fetched",
          meta: { page_info: { total: 2, current_page: 1, total_pages: 1 } },
          data: [
            { id: 75923, tx_id: 288200108, amount_refunded: 13575, status: "completed" },
            { id: 75924, tx_id: 1, amount_refunded: 500, status: "completed" },
          ],
        });
      }),
    );
    const refund = await gateway.refund({
      reference: "lc_9c1e-1",
      providerTransactionId: "288200108",
      amount: 13575,
      currency: "XOF",
      idempotencyKey: "k1",
    });
    expect(refund).toEqual({ id: "75923", amount: 13575, currency: "xof", status: "succeeded" });
    expect(sent[0]?.url.pathname).toBe("/v3/transactions/288200108/refund");
    expect(sent[0]?.body).toEqual({ amount: 13575, comments: "k1" });
    expect(await gateway.listRefunds({ reference: "lc_9c1e-1", providerTransactionId: "288200108", currency: "XOF" })).toEqual([
      { id: "75923", amount: 13575, currency: "xof", status: "succeeded" },
    ]);
  });

  it("accepts a webhook carrying the secret hash, and refuses a wrong or missing one", () => {
    const body = JSON.stringify({
      event: "charge.completed",
      data: { id: 288200108, tx_ref: "lc_9c1e-1", status: "successful" },
    });
    expect(gateway.parseWebhook(Buffer.from(body), { "verif-hash": HASH })).toEqual({
      name: "charge.completed",
      eventId: "288200108",
      type: "charge.succeeded",
      reference: "lc_9c1e-1",
    });
    const failed = JSON.stringify({ event: "charge.completed", data: { id: 288200109, tx_ref: "lc_9c1e-2", status: "failed" } });
    expect(gateway.parseWebhook(Buffer.from(failed), { "verif-hash": HASH }).type).toBe("charge.failed");
    expect(() => gateway.parseWebhook(Buffer.from(body), { "verif-hash": "guess" })).toThrow(GatewaySignatureError);
    expect(() => gateway.parseWebhook(Buffer.from(body), {})).toThrow(GatewaySignatureError);
  });
});
