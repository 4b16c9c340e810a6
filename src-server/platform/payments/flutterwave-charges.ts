import { z } from "zod";
import type { Currency } from "../../../src/domain/currencies";
import { constantTimeEqual, headerValue, ProviderApi, toMajor, toMinor, type JsonAnswer } from "../payouts/http";
import { RailRefusedError } from "../payouts/rail";
import {
  GatewayRefusedError,
  GatewaySignatureError,
  type ChargeGateway,
  type GatewayChargeStatus,
  type GatewayRefund,
  type GatewayRefundInput,
  type GatewayRefundStatus,
  type GatewayWebhookEvent,
  type StartedMobileMoney,
  type StartMobileMoneyInput,
  type VerifiedCharge,
} from "./local-gateway";

/**
 * Flutterwave v3's charge side for francophone mobile money (XOF, XAF), as documented at
 * https://developer.flutterwave.com/docs/francophone (POST /v3/charges?type=mobile_money_franco with tx_ref, amount,
 * currency, country, email, phone_number), https://developer.flutterwave.com/docs/transaction-verification
 * (GET /v3/transactions/verify_by_reference?tx_ref=), https://developer.flutterwave.com/docs/payment-operations/refunds
 * (POST /v3/transactions/:id/refund, GET /v3/refunds) and https://developer.flutterwave.com/docs/webhooks (the
 * `verif-hash` header is the secret hash set on the dashboard; `charge.completed` with data.status). v3 amounts are in
 * the currency's major unit; the francs have no minor unit, so a franc stays a franc.
 */
export interface FlutterwaveChargesOptions {
  secretKey: string;
  secretHash: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal("success"), message: z.string(), data });
const id = z.union([z.number(), z.string()]);

const chargeAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: z.object({ id: id.nullish(), status: z.string().nullish(), processor_response: z.string().nullish() }).nullish(),
});
const transactionData = z.object({
  id,
  tx_ref: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  processor_response: z.string().nullish(),
});
const refundData = z.object({ id, tx_id: id.nullish(), amount_refunded: z.number(), status: z.string() });
const refundPage = z.object({
  status: z.literal("success"),
  data: z.array(refundData),
  meta: z
    .object({ page_info: z.object({ current_page: z.number(), total_pages: z.number() }).partial() })
    .partial()
    .nullish(),
});
const webhookBody = z.object({
  event: z.string(),
  data: z.object({ id: id.nullish(), tx_ref: z.string().nullish(), status: z.string().nullish() }).partial().nullish(),
});

/** The countries of francophone mobile money, by calling code: Côte d'Ivoire, Senegal, Burkina Faso (XOF), Cameroon (XAF). */
const COUNTRIES: Readonly<Record<string, string>> = { "225": "CI", "221": "SN", "226": "BF", "237": "CM" };

/** The `country` of a franc charge: the number's calling code when it names one, else the currency's main market. */
function flutterwaveCountry(currency: Currency, phone: string): string {
  return COUNTRIES[phone.slice(0, 3)] ?? (currency === "XAF" ? "CM" : "CI");
}

/** A transaction's status: successful pays, failed does not; anything else (pending) still waits. */
function flutterwaveChargeStatus(status: string | null | undefined): GatewayChargeStatus {
  if (status === "successful") return "succeeded";
  if (status === "failed" || status === "cancelled") return "failed";
  return "pending";
}

/** A refund's status: completed is done, failed did not happen; pending and the rest still wait. */
function flutterwaveRefundStatus(status: string): GatewayRefundStatus {
  if (status === "completed" || status === "completed-offline") return "succeeded";
  if (status === "failed") return "failed";
  return "pending";
}

export class FlutterwaveCharges implements ChargeGateway {
  readonly name = "flutterwave" as const;
  readonly currencies = ["XOF", "XAF"] as const satisfies readonly Currency[];
  private readonly api: ProviderApi;
  private readonly secretHash: string;

  constructor(options: FlutterwaveChargesOptions) {
    this.secretHash = options.secretHash;
    this.api = new ProviderApi("Flutterwave", options, () => false);
  }

  private ok(answer: JsonAnswer, what: string): unknown {
    try {
      return this.api.ok(answer, what);
    } catch (error) {
      if (error instanceof RailRefusedError) throw new GatewayRefusedError(error.message);
      throw error;
    }
  }

  async startMobileMoney(input: StartMobileMoneyInput): Promise<StartedMobileMoney> {
    const answer = await this.api.call(this.api.url("/v3/charges", { type: "mobile_money_franco" }), {
      method: "POST",
      body: {
        tx_ref: input.reference,
        amount: toMajor(input.amount, input.currency),
        currency: input.currency,
        country: flutterwaveCountry(input.currency, input.phone),
        email: input.email,
        phone_number: input.phone,
        ...(input.network ? { network: input.network } : {}),
      },
    });
    let body: unknown;
    try {
      body = this.ok(answer, "charge");
    } catch (error) {
      if (error instanceof GatewayRefusedError) return { status: "failed", message: error.message, providerTransactionId: null };
      throw error;
    }
    const parsed = this.api.parse(chargeAnswer, body, "charge");
    const status = flutterwaveChargeStatus(parsed.data?.status);
    return {
      status,
      message: status === "failed" ? (parsed.data?.processor_response ?? parsed.message) : null,
      providerTransactionId: parsed.data?.id === undefined || parsed.data.id === null ? null : String(parsed.data.id),
    };
  }

  async verify(reference: string, currency: Currency): Promise<VerifiedCharge | null> {
    const answer = await this.api.call(this.api.url("/v3/transactions/verify_by_reference", { tx_ref: reference }), {
      method: "GET",
    });
    if (answer.status === 404 || (answer.status === 400 && /no transaction/i.test(JSON.stringify(answer.body)))) return null;
    const data = this.api.parse(envelope(transactionData), this.ok(answer, "verify transaction"), "verify transaction").data;
    if (data.tx_ref !== reference) throw new Error("Flutterwave: verify answered another transaction");
    const status = flutterwaveChargeStatus(data.status);
    const recorded = data.currency.toUpperCase();
    return {
      status,
      // In the currency's minor units when it is the one asked; another currency is reported as it is, to be refused.
      amount: recorded === currency ? toMinor(data.amount, currency) : data.amount,
      currency: data.currency.toLowerCase(),
      providerTransactionId: String(data.id),
      message: status === "failed" ? (data.processor_response ?? null) : null,
    };
  }

  private async transactionId(reference: string, known: string | null, currency: Currency): Promise<string> {
    const found = known ?? (await this.verify(reference, currency))?.providerTransactionId;
    if (!found) throw new GatewayRefusedError("Flutterwave has no transaction for this payment.");
    return found;
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefund> {
    const transaction = await this.transactionId(input.reference, input.providerTransactionId, input.currency);
    const answer = await this.api.call(this.api.url(`/v3/transactions/${encodeURIComponent(transaction)}/refund`), {
      method: "POST",
      body: { amount: toMajor(input.amount, input.currency), comments: input.idempotencyKey },
    });
    const data = this.api.parse(envelope(refundData), this.ok(answer, "refund"), "refund").data;
    return refundOf(data, input.currency);
  }

  /** GET /v3/refunds has no filter by transaction: its pages (in the charge's currency) are read and this one's kept. */
  async listRefunds(input: {
    reference: string;
    providerTransactionId: string | null;
    currency: Currency;
  }): Promise<GatewayRefund[]> {
    const transaction =
      input.providerTransactionId ?? (await this.verify(input.reference, input.currency))?.providerTransactionId;
    if (!transaction) return [];
    const refunds: GatewayRefund[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const answer = await this.api.call(this.api.url("/v3/refunds", { currency: input.currency, page: String(page) }), {
        method: "GET",
      });
      const list = this.api.parse(refundPage, this.ok(answer, "list refunds"), "list refunds");
      for (const refund of list.data) if (String(refund.tx_id) === transaction) refunds.push(refundOf(refund, input.currency));
      const total = list.meta?.page_info?.total_pages ?? 1;
      if (page >= total || list.data.length === 0) break;
    }
    return refunds;
  }

  parseWebhook(raw: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayWebhookEvent {
    const hash = headerValue(headers, "verif-hash");
    if (!hash || !constantTimeEqual(hash, this.secretHash)) throw new GatewaySignatureError();
    const event = this.api.parse(webhookBody, JSON.parse(raw.toString("utf8")), "webhook");
    const data = event.data ?? {};
    const eventId = data.id === undefined || data.id === null ? null : String(data.id);
    const reference = data.tx_ref ?? null;
    if (event.event === "charge.completed") {
      const status = flutterwaveChargeStatus(data.status);
      return {
        name: event.event,
        eventId,
        type: status === "succeeded" ? "charge.succeeded" : status === "failed" ? "charge.failed" : "other",
        reference,
      };
    }
    if (event.event.startsWith("refund.")) return { name: event.event, eventId, type: "refund.changed", reference };
    return { name: event.event, eventId, type: "other", reference: null };
  }
}

function refundOf(data: z.infer<typeof refundData>, currency: Currency): GatewayRefund {
  return {
    id: String(data.id),
    amount: toMinor(data.amount_refunded, currency),
    currency: currency.toLowerCase(),
    status: flutterwaveRefundStatus(data.status),
  };
}
