import type { Currency } from "../../../src/domain/currencies";
import type { LocalPayoutStatus, LocalRailName, PayoutMethodKind } from "../../../src/domain/payout-rails";

/**
 * A local payout rail (issue #40): Paystack (Ghana, Nigeria, Kenya, South Africa) or Flutterwave (the CFA franc
 * countries and the rest), each with a built-in test mode and a real adapter over the provider's HTTP API. The payouts
 * module talks to this interface only; Stripe Connect keeps its own (platform/payments/provider.ts).
 *
 * Amounts are integer minor units of their own currency (pesewas, kobo, cents; CFA francs have none).
 */

/** A mobile money network or a bank, as the provider names it. */
export interface PayoutInstitution {
  /** The provider's code for it: Paystack's `bank_code` ("MTN", "MPESA", "058"), Flutterwave's `account_bank`. */
  code: string;
  /** What a person reads: "MTN Mobile Money", "M-Pesa", "Guaranty Trust Bank". */
  name: string;
  kind: PayoutMethodKind;
}

/** Where a payout goes: a country's account of one kind at one institution. */
export interface PayoutDestination {
  /** ISO 3166 alpha-2 ("GH"). */
  country: string;
  currency: Currency;
  kind: PayoutMethodKind;
  institutionCode: string;
  /** The account or mobile money number, digits only (a phone number as the provider expects it). */
  accountNumber: string;
}

export interface ResolvedAccount {
  /** The holder's name as the provider reports it, or null where it cannot resolve names (the Seer types it). */
  accountName: string | null;
}

export interface RailTransferInput {
  /** Ours, unique per payout: the provider refuses a second transfer with it, so a retried job never pays twice. */
  reference: string;
  amount: number;
  currency: Currency;
  destination: PayoutDestination & {
    accountName: string;
    /** What createRecipient answered for these details (Paystack's `recipient_code`), if anything. */
    recipientCode: string | null;
  };
  /** Shown to the Seer by their bank or network: "Seer payout". */
  reason: string;
}

/** A transfer as the provider reports it now. */
export interface RailTransfer {
  reference: string;
  /** The provider's own id or code for the transfer (Paystack's `transfer_code`, Flutterwave's `id`). */
  providerId: string | null;
  status: LocalPayoutStatus;
  /** What the provider charged for it, in the transfer's minor units, once known. */
  fee: number | null;
  /** The provider's message for a failure or reversal ("Account not found", "Insufficient balance"). */
  message: string | null;
}

/** What a verified webhook is about: the transfer it names is then read back from the provider. */
export interface RailWebhookEvent {
  /** The provider's event, for the logs. */
  type: string;
  /** The transfer's reference (ours), or null for an event about anything else (acknowledged, ignored). */
  reference: string | null;
  /** The provider's id of the transfer, where the event gives it. */
  providerId: string | null;
}

/** The provider refused the transfer outright (bad details, the reference already used, ...): nothing was sent. */
export class RailRefusedError extends Error {
  constructor(
    message: string,
    /** True when the reference was already used: the transfer exists, fetch it instead. */
    readonly duplicateReference = false,
  ) {
    super(message);
    this.name = "RailRefusedError";
  }
}

/** A webhook whose signature does not verify (answered 400 and changes nothing). */
export class RailSignatureError extends Error {
  constructor() {
    super("Invalid webhook signature");
    this.name = "RailSignatureError";
  }
}

export interface PayoutRail {
  readonly name: LocalRailName;
  /** True for the built-in test mode (no keys): the documented test numbers decide outcomes. */
  readonly testMode: boolean;
  /** The mobile money networks or banks a Seer of the country may be paid to. */
  institutions(country: string, currency: Currency, kind: PayoutMethodKind): Promise<PayoutInstitution[]>;
  /** The account holder's name, before the details are saved. Throws RailRefusedError when the account is unknown. */
  resolveAccount(destination: PayoutDestination): Promise<ResolvedAccount>;
  /** Registers the details with the provider where it asks for that first (Paystack's transfer recipient). */
  createRecipient(destination: PayoutDestination & { accountName: string }): Promise<{ recipientCode: string | null }>;
  /** Starts a transfer; usually answers `pending` (the webhook tells the end). Throws RailRefusedError when refused. */
  transfer(input: RailTransferInput): Promise<RailTransfer>;
  /** The transfer as the provider has it now, by our reference (and its id where the provider needs that). */
  fetchTransfer(reference: string, providerId: string | null): Promise<RailTransfer>;
  /**
   * Verifies the signature over the exact raw body (throws RailSignatureError when it does not verify) and says what
   * the event is about.
   */
  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): RailWebhookEvent;
}

/** The local rails by name: each real when its keys are configured, else in test mode. */
export type PayoutRails = Readonly<Record<LocalRailName, PayoutRail>>;
