import { createHmac } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GatewaySignatureError } from "./local-gateway";
import { PaystackCharges } from "./paystack-charges";

/**
 * Paystack's charge side against its documented requests and answers (msw), no network:
 * - https://paystack.com/docs/payments/payment-channels/#mobile-money (POST /charge, `mobile_money: { phone, provider }`;
 *   the answer's data.status `pay_offline` while the phone is asked)
 * - https://paystack.com/docs/api/transaction/#verify (GET /transaction/verify/:reference)
 * - https://paystack.com/docs/api/refund/ (POST /refund { transaction, amount }, GET /refund?transaction=)
 * - https://paystack.com/docs/payments/webhooks/ (x-paystack-signature: HMAC SHA512 of the raw body, hex)
 */
const SECRET = "sk_test_seer_paystack_charges";
const API = "https://api.paystack.co";
const gateway = new PaystackCharges({ secretKey: SECRET, baseUrl: API });

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
  reference: "lc_7f3a-1",
  amount: 64890,
  currency: "GHS" as const,
  phone: "233244121234",
  email: "ama@example.com",
};
const transaction = (over: Record<string, unknown> = {}) => ({
  id: 4099260516,
  domain: "test",
  status: "success",
  reference: "lc_7f3a-1",
  amount: 64890,
  gateway_response: "Approved",
  channel: "mobile_money",
  currency: "GHS",
  ...over,
});

describe("Paystack mobile money charges", () => {
  it("asks Paystack to charge the phone as documented, and waits while it says pay_offline", async () => {
    server.use(
      http.post(`${API}/charge`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Charge attempted",
          data: {
            reference: "lc_7f3a-1",
            status: "pay_offline",
            display_text: "Please complete authorization process on your mobile phone",
          },
        });
      }),
    );
    expect(await gateway.startMobileMoney(start)).toEqual({
      status: "pending",
      message: "Please complete authorization process on your mobile phone",
      providerTransactionId: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.url.pathname).toBe("/charge");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({
      email: "ama@example.com",
      amount: 64890,
      currency: "GHS",
      reference: "lc_7f3a-1",
      mobile_money: { phone: "0244121234", provider: "mtn" },
    });
  });

  it("names each Ghanaian operator by the number and Kenya's M-Pesa in its international form", async () => {
    server.use(
      http.post(`${API}/charge`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ status: true, message: "Charge attempted", data: { status: "pay_offline" } });
      }),
    );
    await gateway.startMobileMoney({ ...start, phone: "0201234567" });
    await gateway.startMobileMoney({ ...start, phone: "233561234567" });
    await gateway.startMobileMoney({ ...start, currency: "KES", phone: "0710000000" });
    expect(sent.map((s) => (s.body as { mobile_money: unknown }).mobile_money)).toEqual([
      { phone: "0201234567", provider: "vod" },
      { phone: "0561234567", provider: "atl" },
      { phone: "+254710000000", provider: "mpesa" },
    ]);
    // A number of no operator is refused before asking Paystack.
    sent.length = 0;
    expect((await gateway.startMobileMoney({ ...start, phone: "0311234567" })).status).toBe("failed");
    expect(sent).toHaveLength(0);
  });

  it("turns Paystack's refusal into a failed attempt with its message, and throws on a 5xx", async () => {
    server.use(
      http.post(`${API}/charge`, () =>
        HttpResponse.json(
          { status: false, message: "Invalid phone number", type: "validation_error", code: "invalid_params" },
          { status: 400 },
        ),
      ),
    );
    expect(await gateway.startMobileMoney(start)).toEqual({
      status: "failed",
      message: "Invalid phone number",
      providerTransactionId: null,
    });
    server.use(http.post(`${API}/charge`, () => HttpResponse.json({ status: false, message: "Server error" }, { status: 502 })));
    await expect(gateway.startMobileMoney(start)).rejects.toThrow(/502/);
  });

  it("reads Paystack's transaction record: success, failure, none", async () => {
    server.use(
      http.get(`${API}/transaction/verify/:reference`, async ({ request, params }) => {
        await record(request);
        if (params.reference === "lc_gone-1")
          return HttpResponse.json({ status: false, message: "Transaction reference not found" }, { status: 400 });
        if (params.reference === "lc_no-1")
          return HttpResponse.json({
            status: true,
            message: "Verification successful",
            data: transaction({ reference: "lc_no-1", status: "failed", gateway_response: "Declined" }),
          });
        return HttpResponse.json({ status: true, message: "Verification successful", data: transaction() });
      }),
    );
    expect(await gateway.verify("lc_7f3a-1")).toEqual({
      status: "succeeded",
      amount: 64890,
      currency: "ghs",
      providerTransactionId: "4099260516",
      message: null,
    });
    expect(sent[0]?.url.pathname).toBe("/transaction/verify/lc_7f3a-1");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(await gateway.verify("lc_no-1")).toMatchObject({ status: "failed", message: "Declined" });
    expect(await gateway.verify("lc_gone-1")).toBeNull();
    server.use(http.get(`${API}/transaction/verify/:reference`, () => new HttpResponse(null, { status: 503 })));
    await expect(gateway.verify("lc_7f3a-1")).rejects.toThrow(/503/);
  });

  it("refunds part of a charge and lists its refunds as Paystack reports them", async () => {
    server.use(
      http.post(`${API}/refund`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Refund has been queued for processing",
          data: {
            transaction: { id: 4099260516, reference: "lc_7f3a-1" },
            amount: 32445,
            currency: "GHS",
            status: "pending",
            id: 3018284,
            merchant_note: "k1",
          },
        });
      }),
      http.get(`${API}/refund`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Refunds retrieved",
          data: [{ id: 3018284, transaction: 4099260516, amount: 32445, currency: "GHS", status: "processed" }],
        });
      }),
    );
    const refund = await gateway.refund({
      reference: "lc_7f3a-1",
      providerTransactionId: "4099260516",
      amount: 32445,
      currency: "GHS",
      idempotencyKey: "k1",
    });
    expect(refund).toEqual({ id: "3018284", amount: 32445, currency: "ghs", status: "pending" });
    expect(sent[0]?.body).toEqual({ transaction: "4099260516", amount: 32445, merchant_note: "k1" });
    const listed = await gateway.listRefunds({ reference: "lc_7f3a-1", providerTransactionId: "4099260516", currency: "GHS" });
    expect(listed).toEqual([{ id: "3018284", amount: 32445, currency: "ghs", status: "succeeded" }]);
    expect(sent[1]?.url.searchParams.get("transaction")).toBe("4099260516");
    server.use(
      http.post(`${API}/refund`, () =>
        HttpResponse.json(
          { status: false, message: "Refund amount cannot be more than the transaction amount" },
          { status: 400 },
        ),
      ),
    );
    await expect(
      gateway.refund({
        reference: "lc_7f3a-1",
        providerTransactionId: "4099260516",
        amount: 99999,
        currency: "GHS",
        idempotencyKey: "k2",
      }),
    ).rejects.toThrow("Refund amount cannot be more than the transaction amount");
  });

  it("accepts a webhook signed with the secret key, and refuses a bad or missing signature", () => {
    const body = JSON.stringify({ event: "charge.success", data: { id: 4099260516, reference: "lc_7f3a-1", status: "success" } });
    const signature = createHmac("sha512", SECRET).update(body).digest("hex");
    expect(gateway.parseWebhook(Buffer.from(body), { "x-paystack-signature": signature })).toEqual({
      name: "charge.success",
      eventId: "4099260516",
      type: "charge.succeeded",
      reference: "lc_7f3a-1",
    });
    const refund = JSON.stringify({
      event: "refund.processed",
      data: { transaction_reference: "lc_7f3a-1", refund_reference: "3018284", status: "processed" },
    });
    expect(
      gateway.parseWebhook(Buffer.from(refund), {
        "x-paystack-signature": createHmac("sha512", SECRET).update(refund).digest("hex"),
      }),
    ).toEqual({
      name: "refund.processed",
      eventId: "3018284",
      type: "refund.changed",
      reference: "lc_7f3a-1",
    });
    const forged = createHmac("sha512", "sk_test_other").update(body).digest("hex");
    expect(() => gateway.parseWebhook(Buffer.from(body), { "x-paystack-signature": forged })).toThrow(GatewaySignatureError);
    expect(() => gateway.parseWebhook(Buffer.from(body), {})).toThrow(GatewaySignatureError);
    // The signature is over the exact bytes: the same event re-serialised does not verify.
    expect(() => gateway.parseWebhook(Buffer.from(`${body} `), { "x-paystack-signature": signature })).toThrow(
      GatewaySignatureError,
    );
  });
});
