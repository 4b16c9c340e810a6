import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FlutterwaveRail, MAX_BANKS_WITH_BRANCHES, splitCode } from "./flutterwave";
import { RailRefusedError, RailSignatureError, type RailTransferInput } from "./rail";

/**
 * The Flutterwave adapter against Flutterwave's documented v3 requests and answers (msw), no network:
 * - transfers: https://developer.flutterwave.com/reference/endpoints/transfers/ (create, get; v3 amounts in the
 *   currency's major unit), https://developer.flutterwave.com/docs/making-payments/transfers/overview
 * - mobile money: https://developer.flutterwave.com/docs/making-payments/transfers/mobile-money/ (the answer below is
 *   its example, "Transfer Queued Successfully", status NEW), https://developer.flutterwave.com/docs/côte-divoire-1
 *   (account_bank FMM, Moov, orangemoney, WAVE; beneficiary_name required)
 * - banks: https://developer.flutterwave.com/reference/endpoints/banks/ (GET /v3/banks/:country, and GET
 *   /v3/banks/:id/branches by the bank's id: its example answer is the branches one below),
 *   https://developer.flutterwave.com/docs/making-payments/transfers/bank-accounts (the countries whose transfers need
 *   destination_branch_code)
 * - resolution: https://developer.flutterwave.com/docs/verifications/bank-account/ (Nigerian banks only)
 * - webhooks: https://developer.flutterwave.com/docs/webhooks (verif-hash: the dashboard's secret hash; transfer.completed)
 */
const SECRET = "FLWSECK_TEST-seer";
const HASH = "seer-flw-secret-hash";
const API = "https://api.flutterwave.com";

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

const rail = new FlutterwaveRail({ secretKey: SECRET, secretHash: HASH });

/** The documented v3 transfer object, with our reference. */
const transferObject = (over: Record<string, unknown> = {}) => ({
  id: 127886,
  account_number: "2250768161037",
  bank_code: "WAVE",
  full_name: "Elodie Yao",
  created_at: "2026-11-27T14:03:51.000Z",
  currency: "XOF",
  debit_currency: "XOF",
  amount: 25000,
  fee: 45,
  status: "NEW",
  reference: "po_9c21",
  meta: null,
  narration: "Seer payout",
  complete_message: "",
  requires_approval: 0,
  is_approved: 1,
  bank_name: "WAVE",
  ...over,
});

const input: RailTransferInput = {
  reference: "po_9c21",
  amount: 25_000,
  currency: "XOF",
  reason: "Seer payout",
  destination: {
    country: "CI",
    currency: "XOF",
    kind: "mobile_money",
    institutionCode: "WAVE",
    accountNumber: "2250768161037",
    accountName: "Elodie Yao",
    recipientCode: null,
  },
};

describe("institutions", () => {
  const bankList = (data: { id: number; code: string; name: string }[]) =>
    http.get(`${API}/v3/banks/:country`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: "success", message: "Banks fetched successfully", data });
    });
  /** Flutterwave's documented branches answer, per bank id. */
  const branchList = (byBank: Record<string, { branch_code: string; branch_name: string }[]>) =>
    http.get(`${API}/v3/banks/:id/branches`, async ({ request, params }) => {
      await record(request);
      const found = byBank[String(params.id)];
      if (!found) return HttpResponse.json({ status: "error", message: "No branches found", data: null }, { status: 404 });
      return HttpResponse.json({
        status: "success",
        message: "Bank branches fetched successfully",
        data: found.map((b, i) => ({
          id: 990 + i,
          ...b,
          swift_code: "ECOCCIAB",
          bic: "ECOCCIABXXX",
          bank_id: Number(params.id),
        })),
      });
    });

  it("lists the banks of a country without branch codes from GET /v3/banks/:country, unchanged", async () => {
    server.use(
      bankList([
        { id: 1401, code: "BF001", name: "Ecobank Burkina" },
        { id: 1402, code: "BF002", name: "Coris Bank International" },
      ]),
      branchList({ "1401": [{ branch_code: "BF00101", branch_name: "Ouagadougou" }] }),
    );
    await expect(rail.institutions("BF", "XOF", "bank")).resolves.toEqual([
      { code: "BF001", name: "Ecobank Burkina", kind: "bank" },
      { code: "BF002", name: "Coris Bank International", kind: "bank" },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("GET");
    expect(sent[0]?.url.pathname).toBe("/v3/banks/BF");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it("lists one institution per branch where transfers need destination_branch_code, asking by the bank's id", async () => {
    server.use(
      bankList([
        { id: 1301, code: "CI001", name: "Ecobank Côte d'Ivoire" },
        { id: 1302, code: "CI002", name: "Société Générale Côte d'Ivoire" },
        { id: 1303, code: "CI003", name: "A bank Flutterwave has no branches for" },
      ]),
      branchList({
        "1301": [
          { branch_code: "CI0010101", branch_name: "Plateau" },
          { branch_code: "CI0010102", branch_name: "Cocody" },
        ],
        "1302": [{ branch_code: "CI0020101", branch_name: "Abidjan Principal" }],
      }),
    );
    await expect(rail.institutions("CI", "XOF", "bank")).resolves.toEqual([
      { code: "CI001:CI0010101", name: "Ecobank Côte d'Ivoire — Plateau", kind: "bank" },
      { code: "CI001:CI0010102", name: "Ecobank Côte d'Ivoire — Cocody", kind: "bank" },
      { code: "CI002:CI0020101", name: "Société Générale Côte d'Ivoire — Abidjan Principal", kind: "bank" },
    ]);
    expect(sent.map((s) => s.url.pathname)).toEqual([
      "/v3/banks/CI",
      "/v3/banks/1301/branches",
      "/v3/banks/1302/branches",
      "/v3/banks/1303/branches",
    ]);
    expect(sent.every((s) => s.method === "GET" && s.authorization === `Bearer ${SECRET}`)).toBe(true);
  });

  it(`asks for the branches of at most ${MAX_BANKS_WITH_BRANCHES} banks per call`, async () => {
    const many = Array.from({ length: MAX_BANKS_WITH_BRANCHES + 10 }, (_, i) => ({
      id: 2000 + i,
      code: `GH${String(i).padStart(3, "0")}`,
      name: `Bank ${i}`,
    }));
    server.use(
      bankList(many),
      branchList(Object.fromEntries(many.map((b) => [String(b.id), [{ branch_code: `${b.code}01`, branch_name: "Accra" }]]))),
    );
    const list = await rail.institutions("GH", "GHS", "bank");
    expect(list).toHaveLength(MAX_BANKS_WITH_BRANCHES);
    expect(list[0]).toEqual({ code: "GH000:GH00001", name: "Bank 0 — Accra", kind: "bank" });
    expect(sent.filter((s) => s.url.pathname.endsWith("/branches"))).toHaveLength(MAX_BANKS_WITH_BRANCHES);
  });

  it("throws a plain error when the branches cannot be read (a 500)", async () => {
    server.use(
      bankList([{ id: 1301, code: "CI001", name: "Ecobank Côte d'Ivoire" }]),
      http.get(`${API}/v3/banks/:id/branches`, () => HttpResponse.json({ status: "error" }, { status: 500 })),
    );
    const error = await rail.institutions("CI", "XOF", "bank").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RailRefusedError);
  });

  it.each([
    ["CI", "XOF", ["FMM", "orangemoney", "Moov", "WAVE"]],
    ["SN", "XOF", ["ORANGEMONEY", "WAVE", "FREEMONEY", "EMONEY"]],
    ["CM", "XAF", ["FMM"]],
    ["BJ", "XOF", []],
  ] as const)("offers the documented mobile money operators of %s without asking", async (country, currency, codes) => {
    const networks = await rail.institutions(country, currency, "mobile_money");
    expect(networks.map((n) => n.code)).toEqual(codes);
    expect(networks.every((n) => n.kind === "mobile_money")).toBe(true);
    expect(sent).toHaveLength(0);
  });
});

describe("resolveAccount", () => {
  it("resolves a Nigerian bank account with POST /v3/accounts/resolve", async () => {
    server.use(
      http.post(`${API}/v3/accounts/resolve`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: "success",
          message: "Account details fetched",
          data: { account_number: "0690000032", account_name: "Pastor Bright" },
        });
      }),
    );
    const destination = {
      country: "NG",
      currency: "NGN",
      kind: "bank",
      institutionCode: "044",
      accountNumber: "0690000032",
    } as const;
    await expect(rail.resolveAccount(destination)).resolves.toEqual({ accountName: "Pastor Bright" });
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({ account_number: "0690000032", account_bank: "044" });
  });

  it("refuses an account Flutterwave cannot find, with its message", async () => {
    server.use(
      http.post(`${API}/v3/accounts/resolve`, () =>
        HttpResponse.json(
          { status: "error", message: "Sorry, that account number is invalid, please check and try again", data: null },
          { status: 400 },
        ),
      ),
    );
    const destination = {
      country: "NG",
      currency: "NGN",
      kind: "bank",
      institutionCode: "044",
      accountNumber: "0000000000",
    } as const;
    const error = await rail.resolveAccount(destination).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect((error as Error).message).toBe("Sorry, that account number is invalid, please check and try again");
  });

  it("sends only the bank's code of an institution code that carries a branch", async () => {
    server.use(
      http.post(`${API}/v3/accounts/resolve`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: "success",
          message: "Account details fetched",
          data: { account_name: "Pastor Bright" },
        });
      }),
    );
    const destination = {
      country: "NG",
      currency: "NGN",
      kind: "bank",
      institutionCode: "044:NG044001",
      accountNumber: "0690000032",
    } as const;
    await expect(rail.resolveAccount(destination)).resolves.toEqual({ accountName: "Pastor Bright" });
    expect(sent[0]?.body).toEqual({ account_number: "0690000032", account_bank: "044" });
  });

  it("answers no name, without asking, where resolution is not documented (CFA franc banks, mobile money)", async () => {
    await expect(rail.resolveAccount({ ...input.destination })).resolves.toEqual({ accountName: null });
    await expect(
      rail.resolveAccount({ country: "SN", currency: "XOF", kind: "bank", institutionCode: "SN010", accountNumber: "SN0100100" }),
    ).resolves.toEqual({ accountName: null });
    await expect(
      rail.resolveAccount({
        country: "SN",
        currency: "XOF",
        kind: "bank",
        institutionCode: "SN010:SN01001",
        accountNumber: "SN0100100",
      }),
    ).resolves.toEqual({ accountName: null });
    expect(sent).toHaveLength(0);
  });
});

it("needs no recipient: createRecipient answers null and asks nothing, for a bank branch too", async () => {
  await expect(rail.createRecipient(input.destination)).resolves.toEqual({ recipientCode: null });
  await expect(
    rail.createRecipient({ ...input.destination, kind: "bank", institutionCode: "CI001:CI0010101" }),
  ).resolves.toEqual({ recipientCode: null });
  expect(sent).toHaveLength(0);
});

it("splits an institution code at its first colon, and leaves one without a colon whole", () => {
  expect(splitCode("CI001:CI0010101")).toEqual({ bank: "CI001", branch: "CI0010101" });
  expect(splitCode("044")).toEqual({ bank: "044", branch: null });
});

describe("transfer (POST /v3/transfers)", () => {
  const answering = (data: Record<string, unknown> = {}) =>
    http.post(`${API}/v3/transfers`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: "success", message: "Transfer Queued Successfully", data: transferObject(data) });
    });

  it("sends a francophone mobile money transfer with the operator, the beneficiary's name and our reference", async () => {
    server.use(answering());
    await expect(rail.transfer(input)).resolves.toEqual({
      reference: "po_9c21",
      providerId: "127886",
      status: "pending",
      fee: 45,
      message: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.url.pathname).toBe("/v3/transfers");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({
      account_bank: "WAVE",
      account_number: "2250768161037",
      amount: 25000,
      currency: "XOF",
      debit_currency: "XOF",
      narration: "Seer payout",
      reference: "po_9c21",
      beneficiary_name: "Elodie Yao",
    });
  });

  it("sends a bank branch's code as account_bank and destination_branch_code", async () => {
    server.use(answering({ bank_code: "CI001" }));
    const toBranch: RailTransferInput = {
      ...input,
      destination: {
        ...input.destination,
        kind: "bank",
        institutionCode: "CI001:CI0010101",
        accountNumber: "CI0010101000123456789",
      },
    };
    await expect(rail.transfer(toBranch)).resolves.toMatchObject({ providerId: "127886", status: "pending" });
    expect(sent[0]?.url.pathname).toBe("/v3/transfers");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent[0]?.body).toEqual({
      account_bank: "CI001",
      destination_branch_code: "CI0010101",
      account_number: "CI0010101000123456789",
      amount: 25000,
      currency: "XOF",
      debit_currency: "XOF",
      narration: "Seer payout",
      reference: "po_9c21",
      beneficiary_name: "Elodie Yao",
    });
  });

  it("sends a bank of a country without branch codes as before, without destination_branch_code", async () => {
    server.use(answering({ bank_code: "BF001" }));
    const toBank: RailTransferInput = {
      ...input,
      destination: { ...input.destination, country: "BF", kind: "bank", institutionCode: "BF001", accountNumber: "BF0010000123" },
    };
    await rail.transfer(toBank);
    expect(sent[0]?.body).toMatchObject({ account_bank: "BF001", account_number: "BF0010000123" });
    expect(sent[0]?.body).not.toHaveProperty("destination_branch_code");
  });

  it("sends a currency with cents in its major unit, and reads the fee back in cents", async () => {
    server.use(answering({ currency: "USD", debit_currency: "USD", amount: 100.5, fee: 1.25, bank_code: "044" }));
    const usd: RailTransferInput = {
      ...input,
      amount: 100_50,
      currency: "USD",
      destination: { ...input.destination, country: "LR", currency: "USD", kind: "bank", institutionCode: "044" },
    };
    await expect(rail.transfer(usd)).resolves.toMatchObject({ fee: 125 });
    expect(sent[0]?.body).toMatchObject({ amount: 100.5, currency: "USD", debit_currency: "USD", account_bank: "044" });
  });

  it("throws RailRefusedError with Flutterwave's message when it refuses the transfer", async () => {
    server.use(
      http.post(`${API}/v3/transfers`, () =>
        HttpResponse.json({ status: "error", message: "Account number is invalid", data: null }, { status: 400 }),
      ),
    );
    const error = await rail.transfer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect(error).toMatchObject({ message: "Account number is invalid", duplicateReference: false });
  });

  it("says so when the reference was already used", async () => {
    server.use(
      http.post(`${API}/v3/transfers`, () =>
        HttpResponse.json(
          { status: "error", message: "Duplicate reference: a transfer with this reference already exists", data: null },
          { status: 400 },
        ),
      ),
    );
    const error = await rail.transfer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailRefusedError);
    expect((error as RailRefusedError).duplicateReference).toBe(true);
  });

  it.each([
    ["a 500", () => HttpResponse.json({ status: "error", message: "Internal server error" }, { status: 500 })],
    ["a 502 without a body", () => new HttpResponse(null, { status: 502 })],
    ["a network failure", () => HttpResponse.error()],
    ["a 401 (our key)", () => HttpResponse.json({ status: "error", message: "Invalid authorization key" }, { status: 401 })],
  ])("throws a plain error (the job retries) on %s", async (_what, answer) => {
    server.use(http.post(`${API}/v3/transfers`, answer));
    const error = await rail.transfer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RailRefusedError);
  });
});

describe("fetchTransfer", () => {
  const byId = (data: Record<string, unknown>) =>
    http.get(`${API}/v3/transfers/:id`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ status: "success", message: "Transfer fetched", data: transferObject(data) });
    });

  it.each([
    ["NEW", "pending"],
    ["PENDING", "pending"],
    ["SUCCESSFUL", "success"],
    ["FAILED", "failed"],
    ["REVERSED", "reversed"],
  ] as const)("maps Flutterwave's %s to %s", async (theirs, ours) => {
    server.use(byId({ status: theirs }));
    await expect(rail.fetchTransfer("po_9c21", "127886")).resolves.toMatchObject({ status: ours });
  });

  it("reads the transfer by its id, with Flutterwave's message for a failure", async () => {
    server.use(byId({ status: "FAILED", complete_message: "DISBURSE FAILED: Insufficient funds" }));
    await expect(rail.fetchTransfer("po_9c21", "127886")).resolves.toEqual({
      reference: "po_9c21",
      providerId: "127886",
      status: "failed",
      fee: 45,
      message: "DISBURSE FAILED: Insufficient funds",
    });
    expect(sent[0]?.method).toBe("GET");
    expect(sent[0]?.url.pathname).toBe("/v3/transfers/127886");
    expect(sent[0]?.authorization).toBe(`Bearer ${SECRET}`);
  });

  it("finds the transfer by our reference when its id is unknown", async () => {
    server.use(
      http.get(`${API}/v3/transfers`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          status: "success",
          message: "Transfers fetched",
          meta: { page_info: { total: 2, current_page: 1, total_pages: 1 } },
          data: [transferObject({ id: 1, reference: "po_other" }), transferObject({ status: "SUCCESSFUL" })],
        });
      }),
    );
    await expect(rail.fetchTransfer("po_9c21", null)).resolves.toMatchObject({ providerId: "127886", status: "success" });
    expect(sent[0]?.url.searchParams.get("reference")).toBe("po_9c21");
  });

  it("throws a plain error when no transfer has the reference", async () => {
    server.use(
      http.get(`${API}/v3/transfers`, () => HttpResponse.json({ status: "success", message: "Transfers fetched", data: [] })),
    );
    const error = await rail.fetchTransfer("po_missing", null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RailRefusedError);
  });
});

it("talks to the configured base URL", async () => {
  const other = new FlutterwaveRail({ secretKey: "FLWSECK-other", secretHash: HASH, baseUrl: "https://flw.proxy.test/" });
  server.use(
    http.get("https://flw.proxy.test/v3/transfers/:id", async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        status: "success",
        message: "Transfer fetched",
        data: transferObject({ status: "SUCCESSFUL" }),
      });
    }),
  );
  await expect(other.fetchTransfer("po_9c21", "127886")).resolves.toMatchObject({ status: "success" });
  expect(sent[0]?.url.origin).toBe("https://flw.proxy.test");
  expect(sent[0]?.authorization).toBe("Bearer FLWSECK-other");
});

describe("parseWebhook (verif-hash)", () => {
  /** The documented transfer.completed event. */
  const completed = Buffer.from(
    JSON.stringify({
      event: "transfer.completed",
      "event.type": "Transfer",
      data: transferObject({ status: "SUCCESSFUL", complete_message: "Transaction was successful" }),
    }),
  );

  it("names the transfer of a transfer.completed event carrying the secret hash", () => {
    expect(rail.parseWebhook(completed, { "verif-hash": HASH })).toEqual({
      type: "transfer.completed",
      reference: "po_9c21",
      providerId: "127886",
    });
  });

  it("reads the header whatever its case or when repeated", () => {
    expect(rail.parseWebhook(completed, { "Verif-Hash": [HASH] }).reference).toBe("po_9c21");
  });

  it("acknowledges an event about anything else with no reference", () => {
    const charge = Buffer.from(
      JSON.stringify({ event: "charge.completed", data: { id: 285959875, tx_ref: "Links-616626414629", status: "successful" } }),
    );
    expect(rail.parseWebhook(charge, { "verif-hash": HASH })).toEqual({
      type: "charge.completed",
      reference: null,
      providerId: null,
    });
  });

  it("refuses a wrong hash, a prefix of the right one, and a missing one", () => {
    expect(() => rail.parseWebhook(completed, { "verif-hash": "another-hash" })).toThrow(RailSignatureError);
    expect(() => rail.parseWebhook(completed, { "verif-hash": HASH.slice(0, -1) })).toThrow(RailSignatureError);
    expect(() => rail.parseWebhook(completed, {})).toThrow(RailSignatureError);
    expect(() => rail.parseWebhook(completed, { "verif-hash": "" })).toThrow(RailSignatureError);
  });

  it("cannot see a body changed in transit: the hash does not cover it, so only the reference is taken from it", () => {
    // Flutterwave's v3 verif-hash is the shared secret itself, not a signature of the body: a changed body with the
    // right hash still parses. This is why the event only names the transfer and the payouts module reads its status
    // back from the API (fetchTransfer), never from the event.
    const changed = Buffer.from(completed.toString("utf8").replace('"SUCCESSFUL"', '"FAILED"'));
    const event = rail.parseWebhook(changed, { "verif-hash": HASH });
    expect(event).toEqual({ type: "transfer.completed", reference: "po_9c21", providerId: "127886" });
    expect(Object.keys(event)).not.toContain("status");
  });
});
