import { createHmac } from "node:crypto";
import { z } from "zod";
import type { Currency } from "../../../src/domain/currencies";
import type { LocalPayoutStatus, PayoutMethodKind } from "../../../src/domain/payout-rails";
import { constantTimeEqual, headerValue, messageOf, ProviderApi } from "./http";
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
 * Paystack's transfers API (Ghana, Nigeria, Kenya, South Africa), as documented at
 * https://paystack.com/docs/transfers/single-transfers/, https://paystack.com/docs/transfers/creating-transfer-recipients/,
 * https://paystack.com/docs/api/transfer/, https://paystack.com/docs/api/miscellaneous/ (list banks),
 * https://paystack.com/docs/api/verification/ (resolve account) and https://paystack.com/docs/payments/webhooks/.
 * Amounts are already in the subunit Paystack wants (pesewas, kobo, cents).
 */

export interface PaystackOptions {
  secretKey: string;
  /** Default https://api.paystack.co. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Paystack's `country` for the list of banks, by ISO code. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  GH: "ghana",
  NG: "nigeria",
  KE: "kenya",
  ZA: "south africa",
};

/** The recipient (and bank list) type of an account kind in a country: mobile_money, ghipss, nuban, kepss, basa. */
const RECIPIENT_TYPES: Readonly<Record<string, Partial<Record<PayoutMethodKind, string>>>> = {
  GH: { mobile_money: "mobile_money", bank: "ghipss" },
  NG: { bank: "nuban" },
  KE: { mobile_money: "mobile_money", bank: "kepss" },
  ZA: { bank: "basa" },
};

/**
 * Where GET /bank/resolve answers a name: personal bank accounts in Nigeria and Ghana, as documented
 * (https://paystack.com/docs/identity-verification/verify-account-number/). South Africa validates accounts against
 * identity documents instead (/bank/validate), and Kenya and mobile money have no documented resolution: the Seer
 * types the holder's name there.
 */
const RESOLVABLE = new Set(["NG:bank", "GH:bank"]);

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), message: z.string(), data });

const bankList = z.object({
  status: z.literal(true),
  data: z.array(z.object({ name: z.string(), code: z.string(), active: z.boolean().optional() })),
  meta: z.object({ next: z.string().nullish() }).partial().optional(),
});
const resolved = envelope(z.object({ account_name: z.string().nullish() }));
const recipient = envelope(z.object({ recipient_code: z.string() }));
const transferData = z.object({
  reference: z.string(),
  status: z.string(),
  transfer_code: z.string().nullish(),
  fee_charged: z.number().int().nullish(),
  failures: z.unknown().optional(),
  gateway_response: z.string().nullish(),
});
const transferAnswer = envelope(transferData);
const webhookBody = z.object({
  event: z.string(),
  data: z.object({ reference: z.string().nullish(), transfer_code: z.string().nullish() }).partial().nullish(),
});

/** Paystack's transfer statuses: success, failed and reversed are final; pending, otp, received, queued... are not. */
export function paystackStatus(status: string): LocalPayoutStatus {
  switch (status) {
    case "success":
      return "success";
    case "failed":
      return "failed";
    case "reversed":
      return "reversed";
    default:
      return "pending";
  }
}

/** Paystack's answer to a reused transfer reference ("This reference has already been used on a prior transfer"). */
function isDuplicateReference(message: string, code: string | undefined): boolean {
  if (code && /duplicate/i.test(code) && /ref/i.test(code)) return true;
  return /reference/i.test(message) && /(duplicate|already)/i.test(message);
}

function failureMessage(data: z.infer<typeof transferData>): string | null {
  const failures = data.failures;
  if (typeof failures === "string" && failures !== "") return failures;
  if (failures && typeof failures === "object") {
    const parsed = z.object({ message: z.string() }).partial().safeParse(failures);
    if (parsed.success && parsed.data.message) return parsed.data.message;
  }
  return data.gateway_response ?? null;
}

export class PaystackRail implements PayoutRail {
  readonly name = "paystack" as const;
  readonly testMode = false;
  private readonly secretKey: string;
  private readonly api: ProviderApi;

  constructor(options: PaystackOptions) {
    this.secretKey = options.secretKey;
    this.api = new ProviderApi(
      "Paystack",
      { secretKey: options.secretKey, baseUrl: options.baseUrl ?? "https://api.paystack.co", fetch: options.fetch },
      isDuplicateReference,
    );
  }

  async institutions(country: string, currency: Currency, kind: PayoutMethodKind): Promise<PayoutInstitution[]> {
    const type = recipientType(country, kind);
    const countryName = COUNTRY_NAMES[country];
    if (!type || !countryName) return [];
    const institutions: PayoutInstitution[] = [];
    let next: string | null = null;
    // Cursor pages of at most 100 (Nigeria lists a few hundred banks and microfinance banks).
    for (let page = 0; page < 20; page += 1) {
      const url = this.api.url("/bank", { country: countryName, currency, type, perPage: "100", use_cursor: "true" });
      if (next) url.searchParams.set("next", next);
      const answer = await this.api.call(url, { method: "GET" });
      const list = this.api.parse(bankList, this.api.ok(answer, "list banks"), "list banks");
      for (const bank of list.data) {
        if (bank.active !== false) institutions.push({ code: bank.code, name: bank.name, kind });
      }
      next = list.meta?.next ?? null;
      if (!next) break;
    }
    return institutions;
  }

  async resolveAccount(destination: PayoutDestination): Promise<ResolvedAccount> {
    if (!RESOLVABLE.has(`${destination.country}:${destination.kind}`)) return { accountName: null };
    const url = this.api.url("/bank/resolve", {
      account_number: destination.accountNumber,
      bank_code: destination.institutionCode,
    });
    const answer = await this.api.call(url, { method: "GET" });
    return {
      accountName: this.api.parse(resolved, this.api.ok(answer, "resolve account"), "resolve account").data.account_name ?? null,
    };
  }

  async createRecipient(destination: PayoutDestination & { accountName: string }): Promise<{ recipientCode: string }> {
    const type = recipientType(destination.country, destination.kind);
    if (!type) throw new RailRefusedError(`Paystack pays no ${destination.kind} accounts in ${destination.country}`);
    const answer = await this.api.call(this.api.url("/transferrecipient"), {
      method: "POST",
      body: {
        type,
        name: destination.accountName,
        account_number: destination.accountNumber,
        bank_code: destination.institutionCode,
        currency: destination.currency,
      },
    });
    return {
      recipientCode: this.api.parse(recipient, this.api.ok(answer, "create recipient"), "create recipient").data.recipient_code,
    };
  }

  async transfer(input: RailTransferInput): Promise<RailTransfer> {
    const recipientCode = input.destination.recipientCode ?? (await this.createRecipient(input.destination)).recipientCode;
    const answer = await this.api.call(this.api.url("/transfer"), {
      method: "POST",
      body: {
        source: "balance",
        amount: input.amount,
        recipient: recipientCode,
        reference: input.reference,
        reason: input.reason,
        currency: input.currency,
      },
    });
    return railTransfer(this.api.parse(transferAnswer, this.api.ok(answer, "transfer"), "transfer").data);
  }

  async fetchTransfer(reference: string, _providerId: string | null): Promise<RailTransfer> {
    const answer = await this.api.call(this.api.url(`/transfer/verify/${encodeURIComponent(reference)}`), { method: "GET" });
    if (answer.status !== 200) throw new Error(`Paystack: verify transfer answered ${answer.status}: ${messageOf(answer)}`);
    return railTransfer(this.api.parse(transferAnswer, answer.body, "verify transfer").data);
  }

  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): RailWebhookEvent {
    const signature = headerValue(headers, "x-paystack-signature");
    if (!signature) throw new RailSignatureError();
    const expected = createHmac("sha512", this.secretKey).update(rawBody).digest("hex");
    if (!constantTimeEqual(signature.toLowerCase(), expected)) throw new RailSignatureError();
    const event = this.api.parse(webhookBody, JSON.parse(rawBody.toString("utf8")), "webhook");
    const aboutTransfer = ["transfer.success", "transfer.failed", "transfer.reversed"].includes(event.event);
    return {
      type: event.event,
      reference: aboutTransfer ? (event.data?.reference ?? null) : null,
      providerId: aboutTransfer ? (event.data?.transfer_code ?? null) : null,
    };
  }
}

function recipientType(country: string, kind: PayoutMethodKind): string | undefined {
  return RECIPIENT_TYPES[country]?.[kind];
}

function railTransfer(data: z.infer<typeof transferData>): RailTransfer {
  const status = paystackStatus(data.status);
  return {
    reference: data.reference,
    providerId: data.transfer_code ?? null,
    status,
    fee: data.fee_charged ?? null,
    message: status === "failed" || status === "reversed" ? failureMessage(data) : null,
  };
}
