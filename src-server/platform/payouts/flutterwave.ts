import { z } from "zod";
import type { Currency } from "../../../src/domain/currencies";
import { isCurrency } from "../../../src/domain/currencies";
import type { LocalPayoutStatus, PayoutMethodKind } from "../../../src/domain/payout-rails";
import { constantTimeEqual, headerValue, isRefusal, requestJson, toMajor, toMinor, type JsonAnswer } from "./http";
import {
  RailRefusedError,
  RailSignatureError,
  type PayoutDestination,
  type PayoutInstitution,
  type PayoutRail,
  type RailTransfer,
  type RailTransferInput,
  type RailWebhookEvent,
  type ResolvedAccount,
} from "./rail";

/**
 * Flutterwave's v3 transfers API (the CFA franc countries and the rest), as documented at
 * https://developer.flutterwave.com/docs/making-payments/transfers/overview, .../transfers/mobile-money,
 * https://developer.flutterwave.com/docs/mobile-money (francophone networks), https://developer.flutterwave.com/reference/endpoints/transfers/,
 * https://developer.flutterwave.com/docs/verifications/bank-account/ and https://developer.flutterwave.com/docs/webhooks;
 * bank branches at https://developer.flutterwave.com/docs/making-payments/transfers/bank-accounts (which countries need
 * `destination_branch_code`) and https://developer.flutterwave.com/reference/endpoints/banks/ (GET /v3/banks/:id/branches).
 * v3 amounts and fees are in the currency's major unit (100.5 cedis), unlike ours.
 */

export interface FlutterwaveOptions {
  secretKey: string;
  /** The "secret hash" set on the dashboard: Flutterwave sends it back as the `verif-hash` header of each webhook. */
  secretHash: string;
  /** Default https://api.flutterwave.com. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/**
 * The mobile money operators Flutterwave's transfer docs name per francophone country (`account_bank`): Côte d'Ivoire
 * FMM (its francophone mobile money switch, Orange and MTN), Moov, Orange Money and Wave; Senegal Orange Money, Wave,
 * Free Money and E-Money; Cameroon FMM (MTN and Orange). Flutterwave has no API listing them. Other CFA franc countries
 * are not documented for mobile money transfers, so none is offered there.
 */
const MOBILE_MONEY: Readonly<Record<string, readonly { code: string; name: string }[]>> = {
  CI: [
    { code: "FMM", name: "MTN / Orange Money (FMM)" },
    { code: "orangemoney", name: "Orange Money" },
    { code: "Moov", name: "Moov Money" },
    { code: "WAVE", name: "Wave" },
  ],
  SN: [
    { code: "ORANGEMONEY", name: "Orange Money" },
    { code: "WAVE", name: "Wave" },
    { code: "FREEMONEY", name: "Free Money" },
    { code: "EMONEY", name: "E-Money" },
  ],
  CM: [{ code: "FMM", name: "MTN / Orange Money (FMM)" }],
};

/** POST /v3/accounts/resolve resolves Nigerian bank accounts only. */
const RESOLVABLE = new Set(["NG:bank"]);

/**
 * The countries whose bank transfers Flutterwave's bank account transfer docs say need a `destination_branch_code`:
 * Benin, Cameroon, Chad, Côte d'Ivoire, DR Congo, Gabon, Ghana, Malawi, Rwanda, Senegal, Sierra Leone, Tanzania, Uganda.
 * Their banks are offered one per branch, the institution's code being `${bankCode}:${branchCode}` (see transfer).
 */
const BRANCH_CODE_COUNTRIES = new Set(["BJ", "CM", "TD", "CI", "CD", "GA", "GH", "MW", "RW", "SN", "SL", "TZ", "UG"]);
/** At most this many of a country's banks have their branches asked for, per institutions() call... */
export const MAX_BANKS_WITH_BRANCHES = 50;
/** ...this many at a time. */
const BRANCH_CONCURRENCY = 4;
/** Separates the bank's code from the branch's in an institution's code (Flutterwave's codes have no colon). */
const BRANCH_SEPARATOR = ":";

const banks = z.object({
  status: z.literal("success"),
  data: z.array(z.object({ id: z.union([z.number(), z.string()]).nullish(), code: z.string(), name: z.string() })),
});
const branches = z.object({
  status: z.literal("success"),
  data: z.array(z.object({ branch_code: z.string(), branch_name: z.string() })).nullish(),
});
const resolvedAccount = z.object({
  status: z.literal("success"),
  data: z.object({ account_name: z.string().nullish() }),
});
const transferData = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.string(),
  currency: z.string(),
  fee: z.number().nullish(),
  complete_message: z.string().nullish(),
});
const transferAnswer = z.object({ status: z.literal("success"), data: transferData });
const transferList = z.object({ status: z.literal("success"), data: z.array(transferData) });
const errorBody = z.object({ message: z.string() });
const webhookBody = z.object({
  event: z.string().optional(),
  "event.type": z.string().optional(),
  data: z
    .object({ id: z.union([z.number(), z.string()]).nullish(), reference: z.string().nullish() })
    .partial()
    .nullish(),
});

/** Flutterwave's transfer statuses: NEW and PENDING are on their way, SUCCESSFUL and FAILED are final. */
export function flutterwaveStatus(status: string): LocalPayoutStatus {
  switch (status.toUpperCase()) {
    case "SUCCESSFUL":
      return "success";
    case "FAILED":
      return "failed";
    case "REVERSED":
      return "reversed";
    default:
      return "pending";
  }
}

/** Flutterwave's answer to a reused transfer reference. */
function isDuplicateReference(message: string): boolean {
  return /reference/i.test(message) && /(duplicate|already)/i.test(message);
}

export class FlutterwaveRail implements PayoutRail {
  readonly name = "flutterwave" as const;
  readonly testMode = false;
  private readonly secretKey: string;
  private readonly secretHash: string;
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;

  constructor(options: FlutterwaveOptions) {
    this.secretKey = options.secretKey;
    this.secretHash = options.secretHash;
    this.baseUrl = (options.baseUrl ?? "https://api.flutterwave.com").replace(/\/+$/, "");
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async institutions(country: string, _currency: Currency, kind: PayoutMethodKind): Promise<PayoutInstitution[]> {
    if (kind === "mobile_money") {
      return (MOBILE_MONEY[country] ?? []).map((network) => ({ ...network, kind }));
    }
    if (!/^[A-Z]{2}$/.test(country)) return [];
    const answer = await this.call(this.url(`/v3/banks/${country}`), { method: "GET" });
    const list = parse(banks, this.ok(answer, "list banks"), "list banks").data;
    if (!BRANCH_CODE_COUNTRIES.has(country)) return list.map((bank) => ({ code: bank.code, name: bank.name, kind }));
    const withId = list.filter((bank) => bank.id !== null && bank.id !== undefined).slice(0, MAX_BANKS_WITH_BRANCHES);
    const perBank = await mapLimited(withId, BRANCH_CONCURRENCY, async (bank) =>
      (await this.branchesOf(String(bank.id))).map((branch) => ({
        code: `${bank.code}${BRANCH_SEPARATOR}${branch.branch_code}`,
        name: `${bank.name} — ${branch.branch_name}`,
        kind,
      })),
    );
    return perBank.flat();
  }

  /**
   * GET /v3/banks/:id/branches, by the bank's Flutterwave id (not its code). A bank Flutterwave refuses to list
   * branches for (400, 404: none known) is left out: without a branch code its transfers would be refused anyway.
   */
  private async branchesOf(bankId: string): Promise<{ branch_code: string; branch_name: string }[]> {
    const answer = await this.call(this.url(`/v3/banks/${encodeURIComponent(bankId)}/branches`), { method: "GET" });
    if (isRefusal(answer.status)) return [];
    return parse(branches, this.ok(answer, "list bank branches"), "list bank branches").data ?? [];
  }

  async resolveAccount(destination: PayoutDestination): Promise<ResolvedAccount> {
    if (!RESOLVABLE.has(`${destination.country}:${destination.kind}`)) return { accountName: null };
    const answer = await this.call(this.url("/v3/accounts/resolve"), {
      method: "POST",
      body: { account_number: destination.accountNumber, account_bank: splitCode(destination.institutionCode).bank },
    });
    const data = parse(resolvedAccount, this.ok(answer, "resolve account"), "resolve account").data;
    return { accountName: data.account_name ?? null };
  }

  /** v3 transfers carry the account details themselves (a branch code too): there is nothing to register first. */
  async createRecipient(_destination: PayoutDestination & { accountName: string }): Promise<{ recipientCode: null }> {
    return { recipientCode: null };
  }

  /**
   * Mobile money needs the operator, the number with its country code and the holder's name. A bank branch's code
   * (`${bankCode}:${branchCode}`, as institutions() lists them) is sent as `account_bank` and `destination_branch_code`.
   */
  async transfer(input: RailTransferInput): Promise<RailTransfer> {
    const { destination } = input;
    const { bank, branch } = splitCode(destination.institutionCode);
    const answer = await this.call(this.url("/v3/transfers"), {
      method: "POST",
      body: {
        account_bank: bank,
        ...(branch === null ? {} : { destination_branch_code: branch }),
        account_number: destination.accountNumber,
        amount: toMajor(input.amount, input.currency),
        currency: input.currency,
        debit_currency: input.currency,
        narration: input.reason,
        reference: input.reference,
        beneficiary_name: destination.accountName,
      },
    });
    return railTransfer(parse(transferAnswer, this.ok(answer, "transfer"), "transfer").data);
  }

  /** By the transfer's id when known (GET /v3/transfers/:id), else by our reference among the listed transfers. */
  async fetchTransfer(reference: string, providerId: string | null): Promise<RailTransfer> {
    if (providerId) {
      const answer = await this.call(this.url(`/v3/transfers/${encodeURIComponent(providerId)}`), { method: "GET" });
      if (answer.status !== 200) throw new Error(`Flutterwave: get transfer answered ${answer.status}: ${messageOf(answer)}`);
      return railTransfer(parse(transferAnswer, answer.body, "get transfer").data);
    }
    const answer = await this.call(this.url("/v3/transfers", { reference }), { method: "GET" });
    if (answer.status !== 200) throw new Error(`Flutterwave: list transfers answered ${answer.status}: ${messageOf(answer)}`);
    const found = parse(transferList, answer.body, "list transfers").data.find((t) => t.reference === reference);
    if (!found) throw new Error(`Flutterwave: no transfer with reference ${reference}`);
    return railTransfer(found);
  }

  /**
   * Flutterwave signs nothing: `verif-hash` carries the secret hash itself, compared in constant time. It does not
   * cover the body, which is why the payouts module reads the transfer back from the API and never trusts the event.
   */
  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): RailWebhookEvent {
    const hash = headerValue(headers, "verif-hash");
    if (!hash || !constantTimeEqual(hash, this.secretHash)) throw new RailSignatureError();
    const body = parse(webhookBody, JSON.parse(rawBody.toString("utf8")), "webhook");
    const type = body.event ?? body["event.type"] ?? "unknown";
    const aboutTransfer = type === "transfer.completed";
    const id = body.data?.id;
    return {
      type,
      reference: aboutTransfer ? (body.data?.reference ?? null) : null,
      providerId: aboutTransfer && id !== undefined && id !== null ? String(id) : null,
    };
  }

  private url(path: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  private call(url: URL, init: { method: "GET" | "POST"; body?: unknown }): Promise<JsonAnswer> {
    return requestJson(this.fetchFn, "Flutterwave", url, this.secretKey, init);
  }

  /** A 2xx answer's body; a refusal (400, 404, 409, 422) as RailRefusedError; any other 4xx as a plain Error. */
  private ok(answer: JsonAnswer, what: string): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    const refusal = errorBody.safeParse(answer.body);
    const message = refusal.success ? refusal.data.message : `Flutterwave refused to ${what}`;
    if (isRefusal(answer.status)) throw new RailRefusedError(message, isDuplicateReference(message));
    throw new Error(`Flutterwave: ${what} answered ${answer.status}: ${message}`);
  }
}

/** An institution's code as the bank's code and the branch's (null when it names no branch). */
export function splitCode(code: string): { bank: string; branch: string | null } {
  const at = code.indexOf(BRANCH_SEPARATOR);
  return at < 0 ? { bank: code, branch: null } : { bank: code.slice(0, at), branch: code.slice(at + 1) };
}

/** `work` over each item, at most `limit` at a time, the results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function messageOf(answer: JsonAnswer): string {
  const parsed = errorBody.safeParse(answer.body);
  return parsed.success ? parsed.data.message : "no message";
}

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`Flutterwave: unexpected answer to ${what}: ${parsed.error.message}`);
  return parsed.data;
}

function railTransfer(data: z.infer<typeof transferData>): RailTransfer {
  const status = flutterwaveStatus(data.status);
  const currency = data.currency.toUpperCase();
  return {
    reference: data.reference,
    providerId: String(data.id),
    status,
    // The fee is in the transfer's currency (major units) when Flutterwave reports it.
    fee: data.fee !== null && data.fee !== undefined && isCurrency(currency) ? toMinor(data.fee, currency) : null,
    message: status === "failed" || status === "reversed" ? (data.complete_message ?? null) : null,
  };
}
