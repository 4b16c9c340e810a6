import { createHmac } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PaystackRail } from "./paystack";
import { RailRefusedError, RailSignatureError, type RailTransferInput } from "./rail";

/**
 * The Paystack adapter against Paystack's documented requests and answers (msw), no network:
 * - transfers: https://paystack.com/docs/api/transfer/ (initiate, verify; the bodies below are its examples, with our
 *   reference and amounts), https://paystack.com/docs/transfers/single-transfers/
 * - recipients: https://paystack.com/docs/transfers/creating-transfer-recipients/ (types ghipss, mobile_money, kepss,
 *   nuban, basa)
 * - banks: https://paystack.com/docs/api/miscellaneous/ (GET /bank with country, currency, type, cursor pages)
 * - resolution: https://paystack.com/docs/identity-verification/verify-account-number/ (Nigeria and Ghana only)
 * - errors: https://paystack.com/docs/api/errors/transfer/ ({ status: false, message, type, code })
 * - webhooks: https://paystack.com/docs/payments/webhooks/ (x-paystack-signature: HMAC SHA512 of the body, hex)
 */
const SECRET = "sk_test_seer_paystack";
const API = "https://api.paystack.co";

interface Sent {
  method: string;
  url: URL;
  authorization: string | null;
  body: unknown;
}
const sent: Sent[] = [];
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

const rail = new PaystackRail({ secretKey: SECRET });

/** The documented transfer object (initiate's and verify's `data`), with our reference. */
const transferObject = (over: Record<string, unknown> = {}) => ({
  amount: 15000,
  currency: "GHS",
  domain: "test",
  failures: null,
  id: 860703114,
  integration: 463433,
  reason: "Seer payout",
  reference: "po_7f3a",
  source: "balance",
  source_details: null,
  status: "pending",
  titan_code: null,
  transfer_code: "TRF_v5tip3zx8nna9o78",
  transferred_at: null,
  request: 1068439313,
  recipient: 56824902,
  createdAt: "2026-11-27T10:32:40.000Z",
  updatedAt: "2026-11-27T10:32:40.000Z",
  ...over,
});

const input: RailTransferInput = {
  reference: "po_7f3a",
  amount: 150_00,
  currency: "GHS",
  reason: "Seer payout",
  destination: {
    country: "GH",
    currency: "GHS",
    kind: "mobile_money",
    institutionCode: "MTN",
    accountNumber: "0551234987",
    accountName: "Ama Mensah",
    recipientCode: "RCP_1a25w1h3n0xctjg",
  },
};

describe("institutions (GET /bank)", () => {
  it("asks for the country's institutions of the kind's type with the secret key, and keeps the active ones", async () => {
    server.use(
      http.get(`${API}/bank`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Banks retrieved",
          data: [
            {
              id: 28,
              name: "MTN",
              slug: "mtn-gh",
              code: "MTN",
              longcode: "",
              active: true,
              country: "Ghana",
              currency: "GHS",
              type: "mobile_money",
            },
            {
              id: 29,
              name: "AirtelTigo",
              slug: "atl-gh",
              code: "ATL",
              longcode: "",
              active: false,
              country: "Ghana",
              currency: "GHS",
              type: "mobile_money",
            },
            {
              id: 66,
              name: "Telecel",
              slug: "vod-gh",
              code: "VOD",
              longcode: "",
              active: true,
              country: "Ghana",
              currency: "GHS",
              type: "mobile_money",
            },
          ],
          meta: { next: null, previous: null, perPage: 100 },
        });
      }),
    );
    await expect(rail.institutions("GH", "GHS", "mobile_money")).resolves.toEqual([
      { code: "MTN", name: "MTN", kind: "mobile_money" },
      { code: "VOD", name: "Telecel", kind: "mobile_money" },
    ]);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.method).toBe("GET");
    expect(request?.authorization).toBe(`Bearer ${SECRET}`);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      country: "ghana",
      currency: "GHS",
      type: "mobile_money",
      perPage: "100",
      use_cursor: "true",
    });
  });

  it.each([
    ["GH", "GHS", "bank", "ghana", "ghipss"],
    ["NG", "NGN", "bank", "nigeria", "nuban"],
    ["KE", "KES", "mobile_money", "kenya", "mobile_money"],
    ["KE", "KES", "bank", "kenya", "kepss"],
    ["ZA", "ZAR", "bank", "south africa", "basa"],
  ] as const)("%s %s %s -> country=%s, type=%s", async (country, currency, kind, name, type) => {
    server.use(
      http.get(`${API}/bank`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ status: true, message: "Banks retrieved", data: [], meta: { next: null } });
      }),
    );
    await rail.institutions(country, currency, kind);
    expect(sent[0]?.url.searchParams.get("country")).toBe(name);
    expect(sent[0]?.url.searchParams.get("type")).toBe(type);
    expect(sent[0]?.url.searchParams.get("currency")).toBe(currency);
  });

  it("follows the cursor to the last page", async () => {
    server.use(
      http.get(`${API}/bank`, async ({ request }) => {
        await record(request);
        const next = new URL(request.url).searchParams.get("next");
        return next === "dmFsdWU6MTE2"
          ? HttpResponse.json({
              status: true,
              message: "Banks retrieved",
              data: [{ name: "Zenith Bank", code: "057" }],
              meta: { next: null },
            })
          : HttpResponse.json({
              status: true,
              message: "Banks retrieved",
              data: [{ name: "Access Bank", code: "044" }],
              meta: { next: "dmFsdWU6MTE2" },
            });
      }),
    );
    const banks = await rail.institutions("NG", "NGN", "bank");
    expect(banks.map((b) => b.code)).toEqual(["044", "057"]);
    expect(sent).toHaveLength(2);
  });

  it("asks nothing for a kind Paystack does not pay in the country", async () => {
    await expect(rail.institutions("NG", "NGN", "mobile_money")).resolves.toEqual([]);
    expect(sent).toHaveLength(0);
  });
});

describe("resolveAccount (GET /bank/resolve)", () => {
  it("answers the holder's name of a Nigerian account", async () => {
    server.use(
      http.get(`${API}/bank/resolve`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Account number resolved",
          data: { account_number: "0022728151", account_name: "WES GIBBONS", bank_id: 9 },
        });
      }),
    );
    const destination = {
      country: "NG",
      currency: "NGN",
      kind: "bank",
      institutionCode: "063",
      accountNumber: "0022728151",
    } as const;
    await expect(rail.resolveAccount(destination)).resolves.toEqual({ accountName: "WES GIBBONS" });
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(Object.fromEntries(sent[0]?.url.searchParams ?? [])).toEqual({ account_number: "0022728151", bank_code: "063" });
  });

  it("refuses an account Paystack cannot find, with Paystack's message", async () => {
    server.use(
      http.get(`${API}/bank/resolve`, () =>
        HttpResponse.json(
          { status: false, message: "Could not resolve account name. Check parameters or try again." },
          { status: 422 },
        ),
      ),
    );
    const error = await rail
      .resolveAccount({ country: "GH", currency: "GHS", kind: "bank", institutionCode: "280100", accountNumber: "0000000000" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect((error as RailRefusedError).message).toBe("Could not resolve account name. Check parameters or try again.");
  });

  it.each([
    ["ZA", "ZAR", "bank"],
    ["KE", "KES", "bank"],
    ["KE", "KES", "mobile_money"],
    ["GH", "GHS", "mobile_money"],
  ] as const)("answers no name, without asking, for %s %s %s (no documented resolution)", async (country, currency, kind) => {
    const destination = { country, currency, kind, institutionCode: "X", accountNumber: "0123456789" };
    await expect(rail.resolveAccount(destination)).resolves.toEqual({ accountName: null });
    expect(sent).toHaveLength(0);
  });
});

describe("createRecipient (POST /transferrecipient)", () => {
  it("registers the details under the kind's type and answers the recipient code", async () => {
    server.use(
      http.post(`${API}/transferrecipient`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Transfer recipient created successfully",
          data: {
            active: true,
            currency: "GHS",
            name: "Ama Mensah",
            recipient_code: "RCP_m7ljkv8leesep7p",
            type: "mobile_money",
          },
        });
      }),
    );
    await expect(rail.createRecipient(input.destination)).resolves.toEqual({ recipientCode: "RCP_m7ljkv8leesep7p" });
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({
      type: "mobile_money",
      name: "Ama Mensah",
      account_number: "0551234987",
      bank_code: "MTN",
      currency: "GHS",
    });
  });
});

describe("transfer (POST /transfer)", () => {
  it("sends the amount in pesewas from the balance to the recipient, with our reference", async () => {
    server.use(
      http.post(`${API}/transfer`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ status: true, message: "Transfer has been queued", data: transferObject() });
      }),
    );
    await expect(rail.transfer(input)).resolves.toEqual({
      reference: "po_7f3a",
      providerId: "TRF_v5tip3zx8nna9o78",
      status: "pending",
      fee: null,
      message: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.url.pathname).toBe("/transfer");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({
      source: "balance",
      amount: 15000,
      recipient: "RCP_1a25w1h3n0xctjg",
      reference: "po_7f3a",
      reason: "Seer payout",
      currency: "GHS",
    });
  });

  it("registers the recipient first when the details have none yet", async () => {
    server.use(
      http.post(`${API}/transferrecipient`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: true,
          message: "Transfer recipient created successfully",
          data: { recipient_code: "RCP_new" },
        });
      }),
      http.post(`${API}/transfer`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ status: true, message: "Transfer has been queued", data: transferObject() });
      }),
    );
    await rail.transfer({ ...input, destination: { ...input.destination, recipientCode: null } });
    expect(sent.map((s) => s.url.pathname)).toEqual(["/transferrecipient", "/transfer"]);
    expect(sent[1]?.body).toMatchObject({ recipient: "RCP_new" });
  });

  it("throws RailRefusedError with Paystack's message when it refuses the transfer", async () => {
    server.use(
      http.post(`${API}/transfer`, () =>
        HttpResponse.json(
          {
            status: false,
            message: "Recipient specified is invalid",
            meta: { nextStep: "Provide a valid recipient." },
            type: "validation_error",
            code: "invalid_transfer_recipient",
          },
          { status: 400 },
        ),
      ),
    );
    const error = await rail.transfer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect(error).toMatchObject({ message: "Recipient specified is invalid", duplicateReference: false });
  });

  it("says so when the reference was already used (the transfer exists: fetch it)", async () => {
    server.use(
      http.post(`${API}/transfer`, () =>
        HttpResponse.json(
          { status: false, message: "This reference has already been used on a prior transfer", type: "validation_error" },
          { status: 400 },
        ),
      ),
    );
    const error = await rail.transfer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect((error as RailRefusedError).duplicateReference).toBe(true);
  });

  it.each([
    ["a 500", () => HttpResponse.json({ status: false, message: "An error occurred" }, { status: 500 })],
    ["a 503 without a body", () => new HttpResponse(null, { status: 503 })],
    ["a network failure", () => HttpResponse.error()],
    ["a 401 (our key)", () => HttpResponse.json({ status: false, message: "Invalid key" }, { status: 401 })],
  ])("throws a plain error (the job retries) on %s", async (_what, answer) => {
    server.use(http.post(`${API}/transfer`, answer));
    const error = await rail.transfer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RailRefusedError);
  });
});

describe("fetchTransfer (GET /transfer/verify/:reference)", () => {
  const answering = (data: Record<string, unknown>) =>
    http.get(`${API}/transfer/verify/:reference`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: true, message: "Transfer retrieved", data: transferObject(data) });
    });

  it.each([
    ["success", "success"],
    ["failed", "failed"],
    ["reversed", "reversed"],
    ["pending", "pending"],
    ["otp", "pending"],
    ["received", "pending"],
    ["queued", "pending"],
    ["processing", "pending"],
  ] as const)("maps Paystack's %s to %s", async (theirs, ours) => {
    server.use(answering({ status: theirs }));
    await expect(rail.fetchTransfer("po_7f3a", null)).resolves.toMatchObject({ status: ours });
  });

  it("reads the transfer by our reference, with the fee Paystack charged", async () => {
    server.use(answering({ status: "success", fee_charged: 100, gateway_response: null }));
    await expect(rail.fetchTransfer("po_7f3a", "TRF_v5tip3zx8nna9o78")).resolves.toEqual({
      reference: "po_7f3a",
      providerId: "TRF_v5tip3zx8nna9o78",
      status: "success",
      fee: 100,
      message: null,
    });
    expect(sent[0]?.method).toBe("GET");
    expect(sent[0]?.url.pathname).toBe("/transfer/verify/po_7f3a");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it("gives Paystack's reason for a failure", async () => {
    server.use(answering({ status: "failed", fee_charged: 0, gateway_response: "Account not found" }));
    await expect(rail.fetchTransfer("po_7f3a", null)).resolves.toMatchObject({
      status: "failed",
      fee: 0,
      message: "Account not found",
    });
  });

  it("throws a plain error when Paystack has no such transfer", async () => {
    server.use(
      http.get(`${API}/transfer/verify/:reference`, () =>
        HttpResponse.json({ status: false, message: "Transfer not found" }, { status: 404 }),
      ),
    );
    const error = await rail.fetchTransfer("po_missing", null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RailRefusedError);
  });
});

it("talks to the configured base URL", async () => {
  const other = new PaystackRail({ secretKey: "sk_other", baseUrl: "https://paystack.proxy.test/" });
  server.use(
    http.get("https://paystack.proxy.test/transfer/verify/:reference", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: true, message: "Transfer retrieved", data: transferObject({ status: "success" }) });
    }),
  );
  await expect(other.fetchTransfer("po_7f3a", null)).resolves.toMatchObject({ status: "success" });
  expect(sent[0]?.url.origin).toBe("https://paystack.proxy.test");
  expect(sent[0]?.authorization).toBe("Bearer sk_other");
});

describe("parseWebhook (x-paystack-signature)", () => {
  const sign = (body: Buffer, key = SECRET) => createHmac("sha512", key).update(body).digest("hex");
  const event = (name: string, data: Record<string, unknown>) => Buffer.from(JSON.stringify({ event: name, data }));

  it.each(["transfer.success", "transfer.failed", "transfer.reversed"])("names the transfer of a signed %s", (name) => {
    const body = event(name, transferObject({ status: name.slice("transfer.".length) }));
    expect(rail.parseWebhook(body, { "x-paystack-signature": sign(body) })).toEqual({
      type: name,
      reference: "po_7f3a",
      providerId: "TRF_v5tip3zx8nna9o78",
    });
  });

  it("reads the header whatever its case or when repeated", () => {
    const body = event("transfer.success", transferObject());
    expect(rail.parseWebhook(body, { "X-Paystack-Signature": [sign(body)] }).reference).toBe("po_7f3a");
  });

  it("acknowledges an event about anything else with no reference", () => {
    const body = event("charge.success", { reference: "T123", status: "success" });
    expect(rail.parseWebhook(body, { "x-paystack-signature": sign(body) })).toEqual({
      type: "charge.success",
      reference: null,
      providerId: null,
    });
  });

  it("refuses a signature made with another key", () => {
    const body = event("transfer.success", transferObject());
    expect(() => rail.parseWebhook(body, { "x-paystack-signature": sign(body, "sk_test_other") })).toThrow(RailSignatureError);
  });

  it("refuses a body without a signature", () => {
    const body = event("transfer.success", transferObject());
    expect(() => rail.parseWebhook(body, {})).toThrow(RailSignatureError);
    expect(() => rail.parseWebhook(body, { "x-paystack-signature": "" })).toThrow(RailSignatureError);
  });

  it("refuses a body changed after it was signed", () => {
    const body = event("transfer.failed", transferObject({ status: "failed" }));
    const signature = sign(body);
    const changed = Buffer.from(body.toString("utf8").replace('"failed"', '"success"'));
    expect(changed.equals(body)).toBe(false);
    expect(() => rail.parseWebhook(changed, { "x-paystack-signature": signature })).toThrow(RailSignatureError);
  });
});
