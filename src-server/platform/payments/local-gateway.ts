import type { Currency } from "../../../src/domain/currencies";

/**
 * A real gateway that takes local-currency charges by mobile money (issue #41): Paystack (paystack-charges.ts) and
 * Flutterwave (flutterwave-charges.ts), each a typed `fetch` client with its answers read through zod. What the gateway
 * says about a payment is trusted only from its own transaction record (`verify`), never from a webhook's body alone.
 */
export type GatewayName = "paystack" | "flutterwave";

export interface StartMobileMoneyInput {
  /** Our reference (the local charge's id): Paystack's `reference`, Flutterwave's `tx_ref`. */
  reference: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: Currency;
  /** E.164 digits, without the plus ("233244121234"). */
  phone: string;
  /** The operator, when the client named it; otherwise read from the number where the gateway needs it. */
  network?: string | undefined;
  email: string;
}

export type GatewayChargeStatus = "pending" | "succeeded" | "failed";

export interface StartedMobileMoney {
  status: GatewayChargeStatus;
  /** The gateway's words for the client (e.g. "Please complete authorization on your phone"), or why it failed. */
  message: string | null;
  /** The gateway's own transaction id, when it answers one. */
  providerTransactionId: string | null;
}

/** The gateway's transaction record for our reference. */
export interface VerifiedCharge {
  status: GatewayChargeStatus;
  /** Minor units of `currency`, as the gateway recorded the payment. */
  amount: number;
  currency: string;
  providerTransactionId: string | null;
  /** The gateway's reason when it failed. */
  message: string | null;
}

export type GatewayRefundStatus = "pending" | "succeeded" | "failed";

export interface GatewayRefund {
  id: string;
  /** Minor units of the charge's currency. */
  amount: number;
  currency: string;
  status: GatewayRefundStatus;
}

export interface GatewayRefundInput {
  reference: string;
  /** The gateway's transaction id (Flutterwave refunds by it), when known. */
  providerTransactionId: string | null;
  amount: number;
  currency: Currency;
  /** Sent as the refund's note, so that the refund can be told apart. */
  idempotencyKey: string;
}

export interface GatewayWebhookEvent {
  /** The gateway's own name for the event ("charge.success", "refund.processed"). */
  name: string;
  /** The gateway's id for this delivery's subject (a transaction or refund id), or null. */
  eventId: string | null;
  type: "charge.succeeded" | "charge.failed" | "refund.changed" | "other";
  /** Our reference (the local charge's id) the event is about, or null. */
  reference: string | null;
}

/** A webhook whose signature does not verify. */
export class GatewaySignatureError extends Error {
  constructor() {
    super("The webhook's signature does not verify");
    this.name = "GatewaySignatureError";
  }
}

/** The gateway refused what was asked (a 4xx with its message): nothing happened there. */
export class GatewayRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayRefusedError";
  }
}

export interface ChargeGateway {
  readonly name: GatewayName;
  /** The currencies this gateway charges by mobile money. */
  readonly currencies: readonly Currency[];
  startMobileMoney(input: StartMobileMoneyInput): Promise<StartedMobileMoney>;
  /** The gateway's transaction record; null when it has none for this reference (never charged). */
  verify(reference: string, currency: Currency): Promise<VerifiedCharge | null>;
  refund(input: GatewayRefundInput): Promise<GatewayRefund>;
  listRefunds(input: { reference: string; providerTransactionId: string | null; currency: Currency }): Promise<GatewayRefund[]>;
  /** Throws GatewaySignatureError when the signature does not verify. */
  parseWebhook(raw: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayWebhookEvent;
}
