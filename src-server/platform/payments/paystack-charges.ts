import { createHmac } from "node:crypto";
import { z } from "zod";
import type { Currency } from "../../../src/domain/currencies";
import { constantTimeEqual, headerValue, ProviderApi, type JsonAnswer } from "../payouts/http";
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
 * Paystack's charge side for mobile money (Ghana and Kenya), as documented at
 * https://paystack.com/docs/payments/payment-channels/#mobile-money (POST /charge with `mobile_money: { phone, provider }`,
 * providers `mtn`, `atl` (AirtelTigo), `vod` (Telecel), `mpesa`), https://paystack.com/docs/api/transaction/#verify
 * (GET /transaction/verify/:reference), https://paystack.com/docs/api/refund/ (POST /refund, GET /refund) and
 * https://paystack.com/docs/payments/webhooks/ (x-paystack-signature: HMAC SHA512 of the raw body with the secret key).
 * Amounts are in the subunit Paystack wants (pesewas, cents), as ours.
 */
export interface PaystackChargesOptions {
  secretKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
}

const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), message: z.string(), data });

const chargeData = z.object({
  reference: z.string().nullish(),
  status: z.string(),
  display_text: z.string().nullish(),
  message: z.string().nullish(),
  gateway_response: z.string().nullish(),
  id: z.union([z.number(), z.string()]).nullish(),
});
const transactionData = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
});
const refundData = z.object({
  id: z.union([z.number(), z.string()]),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});
const refundList = z.object({ status: z.literal(true), data: z.array(refundData) });
const webhookBody = z.object({
  event: z.string(),
  data: z
    .object({
      id: z.union([z.number(), z.string()]).nullish(),
      reference: z.string().nullish(),
      transaction_reference: z.string().nullish(),
      refund_reference: z.string().nullish(),
    })
    .partial()
    .nullish(),
});

/** Ghana's mobile money operators by the number's prefix (0XX): MTN, Telecel (Paystack's `vod`), AirtelTigo (`atl`). */
const GHANA_PREFIXES: Readonly<Record<string, string>> = {
  "24": "mtn",
  "25": "mtn",
  "53": "mtn",
  "54": "mtn",
  "55": "mtn",
  "59": "mtn",
  "20": "vod",
  "50": "vod",
  "26": "atl",
  "27": "atl",
  "56": "atl",
  "57": "atl",
};

/** The number as Paystack's examples write it, and its operator: Ghana's in its local form (0XX...), Kenya's +254... */
function paystackMobileMoney(currency: Currency, phone: string, network?: string): { phone: string; provider: string } {
  if (currency === "KES") {
    const national = phone.startsWith("254") ? phone.slice(3) : phone.replace(/^0/, "");
    return { phone: `+254${national}`, provider: network ?? "mpesa" };
  }
  const national = phone.startsWith("233") ? phone.slice(3) : phone.replace(/^0/, "");
  const provider = network ?? GHANA_PREFIXES[national.slice(0, 2)];
  if (!provider) throw new GatewayRefusedError("This number belongs to no mobile money operator we can charge.");
  return { phone: `0${national}`, provider };
}

/** A charge's or a transaction's status: success pays; failed, abandoned and reversed do not; the rest still waits. */
function paystackChargeStatus(status: string): GatewayChargeStatus {
  if (status === "success") return "succeeded";
  if (status === "failed" || status === "abandoned" || status === "reversed") return "failed";
  return "pending";
}

/** A refund's status: processed is done, failed did not happen; pending, processing, needs-attention still wait. */
function paystackRefundStatus(status: string): GatewayRefundStatus {
  if (status === "processed") return "succeeded";
  if (status === "failed") return "failed";
  return "pending";
}

const notFound = (answer: JsonAnswer) =>
  answer.status === 404 || (answer.status === 400 && /not found/i.test(JSON.stringify(answer.body)));

export class PaystackCharges implements ChargeGateway {
  readonly name = "paystack" as const;
  readonly currencies = ["GHS", "KES"] as const satisfies readonly Currency[];
  private readonly api: ProviderApi;
  private readonly secretKey: string;

  constructor(options: PaystackChargesOptions) {
    this.secretKey = options.secretKey;
    this.api = new ProviderApi("Paystack", options, () => false);
  }

  /** A 2xx's body; a refusal as GatewayRefusedError with Paystack's message; anything else thrown (retried). */
  private ok(answer: JsonAnswer, what: string): unknown {
    try {
      return this.api.ok(answer, what);
    } catch (error) {
      if (error instanceof RailRefusedError) throw new GatewayRefusedError(error.message);
      throw error;
    }
  }

  async startMobileMoney(input: StartMobileMoneyInput): Promise<StartedMobileMoney> {
    let mobileMoney;
    try {
      mobileMoney = paystackMobileMoney(input.currency, input.phone, input.network);
    } catch (error) {
      if (error instanceof GatewayRefusedError) return { status: "failed", message: error.message, providerTransactionId: null };
      throw error;
    }
    const answer = await this.api.call(this.api.url("/charge"), {
      method: "POST",
      body: {
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        mobile_money: mobileMoney,
      },
    });
    let body: unknown;
    try {
      body = this.ok(answer, "charge");
    } catch (error) {
      if (error instanceof GatewayRefusedError) return { status: "failed", message: error.message, providerTransactionId: null };
      throw error;
    }
    const data = this.api.parse(envelope(chargeData), body, "charge").data;
    const status = paystackChargeStatus(data.status);
    return {
      status,
      message: data.display_text ?? data.message ?? (status === "failed" ? (data.gateway_response ?? null) : null),
      providerTransactionId: data.id === undefined || data.id === null ? null : String(data.id),
    };
  }

  async verify(reference: string): Promise<VerifiedCharge | null> {
    const answer = await this.api.call(this.api.url(`/transaction/verify/${encodeURIComponent(reference)}`), { method: "GET" });
    if (notFound(answer)) return null;
    const data = this.api.parse(envelope(transactionData), this.ok(answer, "verify transaction"), "verify transaction").data;
    if (data.reference !== reference) throw new Error("Paystack: verify answered another transaction");
    const status = paystackChargeStatus(data.status);
    return {
      status,
      amount: data.amount,
      currency: data.currency.toLowerCase(),
      providerTransactionId: String(data.id),
      message: status === "failed" ? (data.gateway_response ?? null) : null,
    };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefund> {
    const answer = await this.api.call(this.api.url("/refund"), {
      method: "POST",
      body: {
        transaction: input.providerTransactionId ?? input.reference,
        amount: input.amount,
        merchant_note: input.idempotencyKey,
      },
    });
    return refundOf(this.api.parse(envelope(refundData), this.ok(answer, "refund"), "refund").data);
  }

  async listRefunds(input: {
    reference: string;
    providerTransactionId: string | null;
    currency: Currency;
  }): Promise<GatewayRefund[]> {
    const transaction = input.providerTransactionId ?? (await this.verify(input.reference))?.providerTransactionId;
    if (!transaction) return [];
    const answer = await this.api.call(this.api.url("/refund", { transaction, currency: input.currency, perPage: "100" }), {
      method: "GET",
    });
    return this.api.parse(refundList, this.ok(answer, "list refunds"), "list refunds").data.map(refundOf);
  }

  parseWebhook(raw: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayWebhookEvent {
    const signature = headerValue(headers, "x-paystack-signature");
    if (!signature) throw new GatewaySignatureError();
    const expected = createHmac("sha512", this.secretKey).update(raw).digest("hex");
    if (!constantTimeEqual(signature.toLowerCase(), expected)) throw new GatewaySignatureError();
    const event = this.api.parse(webhookBody, JSON.parse(raw.toString("utf8")), "webhook");
    const data = event.data ?? {};
    const eventId = data.id === undefined || data.id === null ? null : String(data.id);
    if (event.event === "charge.success")
      return { name: event.event, eventId, type: "charge.succeeded", reference: data.reference ?? null };
    if (event.event === "charge.failed")
      return { name: event.event, eventId, type: "charge.failed", reference: data.reference ?? null };
    if (event.event.startsWith("refund."))
      return {
        name: event.event,
        eventId: data.refund_reference ?? eventId,
        type: "refund.changed",
        reference: data.transaction_reference ?? data.reference ?? null,
      };
    return { name: event.event, eventId, type: "other", reference: null };
  }
}

function refundOf(data: z.infer<typeof refundData>): GatewayRefund {
  return {
    id: String(data.id),
    amount: data.amount,
    currency: data.currency.toLowerCase(),
    status: paystackRefundStatus(data.status),
  };
}
