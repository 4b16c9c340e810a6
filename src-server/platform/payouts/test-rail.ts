import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { testRailTransfers } from "../../../db/schema";
import type { Currency } from "../../../src/domain/currencies";
import {
  TEST_PAYOUT_NUMBERS,
  type LocalPayoutStatus,
  type LocalRailName,
  type PayoutMethodKind,
} from "../../../src/domain/payout-rails";
import {
  RailRefusedError,
  RailSignatureError,
  type PayoutDestination,
  type PayoutInstitution,
  type PayoutRail,
  type RailTransfer,
  type RailTransferInput,
  type RailWebhookEvent,
} from "./rail";

const mobile = (code: string, name: string): PayoutInstitution => ({ code, name, kind: "mobile_money" });
const bank = (code: string, name: string): PayoutInstitution => ({ code, name, kind: "bank" });

/** What the test mode offers, by country: the networks and a few banks each provider lists there. */
const FRANCOPHONE_MOBILE = [mobile("ORANGE", "Orange Money"), mobile("MTN", "MTN Mobile Money"), mobile("MOOV", "Moov Money")];
const INSTITUTIONS: Readonly<Record<string, readonly PayoutInstitution[]>> = {
  GH: [
    mobile("MTN", "MTN Mobile Money"),
    mobile("VOD", "Telecel Cash"),
    mobile("ATL", "AirtelTigo Money"),
    bank("GCB", "GCB Bank"),
    bank("ECO", "Ecobank Ghana"),
  ],
  NG: [bank("058", "Guaranty Trust Bank"), bank("044", "Access Bank"), bank("011", "First Bank of Nigeria")],
  KE: [mobile("MPESA", "M-Pesa"), bank("EQB", "Equity Bank"), bank("KCB", "KCB Bank")],
  ZA: [bank("632005", "Absa Bank"), bank("250655", "First National Bank")],
  SN: [...FRANCOPHONE_MOBILE, mobile("WAVE", "Wave"), bank("SGSN", "Société Générale Sénégal")],
  CI: [...FRANCOPHONE_MOBILE, mobile("WAVE", "Wave"), bank("SGCI", "Société Générale Côte d'Ivoire")],
  CM: [mobile("ORANGE", "Orange Money"), mobile("MTN", "MTN Mobile Money"), bank("AFRILAND", "Afriland First Bank")],
};
const DEFAULT_INSTITUTIONS: readonly PayoutInstitution[] = [...FRANCOPHONE_MOBILE, bank("ECOBANK", "Ecobank")];

/** What the provider charges for a transfer in test mode, in minor units (Paystack's and Flutterwave's order of size). */
const TEST_FEES: Readonly<Record<Currency, number>> = {
  USD: 1_00,
  GHS: 1_00,
  NGN: 50_00,
  KES: 20_00,
  ZAR: 10_00,
  XOF: 100,
  XAF: 100,
};

export const TEST_UNKNOWN_ACCOUNT = "Account not found. Check the number and try again.";
export const TEST_FAILED_TRANSFER = "The recipient's account could not be credited.";
export const TEST_REVERSED_TRANSFER = "The recipient's network sent the transfer back.";

/**
 * The embedded default rail: behaves like Paystack's or Flutterwave's test mode, so the whole payout flow works offline.
 * What the provider keeps (transfers) is kept in this database, so every instance sees the same. A transfer starts
 * pending and ends when it is next read (the provider "processing" it): paid, or failed or reversed for the documented
 * test numbers (TEST_PAYOUT_NUMBERS). Its webhooks are signed with a secret derived from the session secret.
 */
export class TestPayoutRail implements PayoutRail {
  readonly testMode = true;
  private readonly webhookSecret: string;

  constructor(
    readonly name: LocalRailName,
    private readonly db: Db,
    sharedSecret: string,
  ) {
    this.webhookSecret = createHmac("sha256", sharedSecret).update(`seer test-mode ${name} webhooks`).digest("hex");
  }

  institutions(country: string, _currency: Currency, kind: PayoutMethodKind): Promise<PayoutInstitution[]> {
    const all = INSTITUTIONS[country] ?? DEFAULT_INSTITUTIONS;
    return Promise.resolve(all.filter((i) => i.kind === kind));
  }

  resolveAccount(destination: PayoutDestination): Promise<{ accountName: string }> {
    if (destination.accountNumber.endsWith(TEST_PAYOUT_NUMBERS.unknown))
      return Promise.reject(new RailRefusedError(TEST_UNKNOWN_ACCOUNT));
    return Promise.resolve({ accountName: `TEST ACCOUNT ${destination.accountNumber.slice(-4)}` });
  }

  createRecipient(destination: PayoutDestination): Promise<{ recipientCode: string | null }> {
    if (this.name === "flutterwave") return Promise.resolve({ recipientCode: null });
    const digest = createHmac("sha256", "recipient")
      .update(`${destination.institutionCode}:${destination.accountNumber}`)
      .digest("hex");
    return Promise.resolve({ recipientCode: `RCP_test_${digest.slice(0, 16)}` });
  }

  async transfer(input: RailTransferInput): Promise<RailTransfer> {
    const [row] = await this.db
      .insert(testRailTransfers)
      .values({
        reference: input.reference,
        rail: this.name,
        amount: input.amount,
        currency: input.currency,
        accountNumber: input.destination.accountNumber,
        status: "pending",
        fee: TEST_FEES[input.currency],
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new RailRefusedError("Duplicate transfer reference", true);
    return this.transferOf(row);
  }

  /** The transfer as the provider has it: a pending one is processed now, by its number. */
  async fetchTransfer(reference: string): Promise<RailTransfer> {
    const [row] = await this.db.select().from(testRailTransfers).where(eq(testRailTransfers.reference, reference));
    if (!row) throw new RailRefusedError("Transfer not found");
    if (row.status !== "pending") return this.transferOf(row);
    const [status, message]: [LocalPayoutStatus, string | null] = row.accountNumber.endsWith(TEST_PAYOUT_NUMBERS.fails)
      ? ["failed", TEST_FAILED_TRANSFER]
      : row.accountNumber.endsWith(TEST_PAYOUT_NUMBERS.reversed)
        ? ["reversed", TEST_REVERSED_TRANSFER]
        : ["success", null];
    await this.db.update(testRailTransfers).set({ status, message }).where(eq(testRailTransfers.reference, reference));
    return this.fetchTransfer(reference);
  }

  /** As the network sending a paid transfer back (a test's or the test page's doing); answers the webhook to deliver. */
  async reverse(reference: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
    await this.db
      .update(testRailTransfers)
      .set({ status: "reversed", message: TEST_REVERSED_TRANSFER })
      .where(eq(testRailTransfers.reference, reference));
    return this.webhook("transfer.reversed", reference);
  }

  /** A webhook as this rail sends it, signed: what a test delivers to /api/webhooks/<rail>. */
  webhook(type: string, reference: string | null): { body: Buffer; headers: Record<string, string> } {
    const body = Buffer.from(JSON.stringify({ event: type, data: { reference } }));
    return { body, headers: { "content-type": "application/json", "x-test-signature": this.sign(body) } };
  }

  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): RailWebhookEvent {
    const header = headers["x-test-signature"];
    const given = Buffer.from(typeof header === "string" ? header : "");
    const expected = Buffer.from(this.sign(rawBody));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new RailSignatureError();
    const parsed: unknown = JSON.parse(rawBody.toString("utf8"));
    const event =
      typeof parsed === "object" && parsed !== null ? (parsed as { event?: unknown; data?: { reference?: unknown } }) : {};
    const type = typeof event.event === "string" ? event.event : "";
    const reference = type.startsWith("transfer.") && typeof event.data?.reference === "string" ? event.data.reference : null;
    return { type, reference, providerId: null };
  }

  private sign(body: Buffer): string {
    return createHmac("sha512", this.webhookSecret).update(body).digest("hex");
  }

  private transferOf(row: typeof testRailTransfers.$inferSelect): RailTransfer {
    return {
      reference: row.reference,
      providerId: `TRF_test_${row.reference}`,
      status: row.status as LocalPayoutStatus,
      fee: row.status === "success" || row.status === "reversed" ? row.fee : null,
      message: row.message,
    };
  }
}
