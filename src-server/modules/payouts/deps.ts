import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { JobQueue } from "../../platform/jobs";
import type { Outbox } from "../../platform/mail";
import type { PayoutRails } from "../../platform/payouts/rail";
import type { PaymentProvider, PaymentWebhookEvent } from "../../platform/payments/provider";
import { sql } from "drizzle-orm";
import { ledgerEntries } from "../../../db/schema";
import type { createLedger } from "./ledger";

export interface PayoutDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  /** The local rails (Paystack, Flutterwave), real or in test mode. */
  rails: PayoutRails;
  /** The account's check of the current password (under the sign-in throttle), asked before payout details change. */
  checkPassword: (user: { id: string; email: string }, password: string, ip: string) => Promise<void>;
  config: Pick<Config, "publicUrl"> & { exchangeRatesUrl?: string | null };
  /** The payment webhook's own handling, so the test-mode onboarding's event goes the way Stripe's would. */
  processEvent: (event: PaymentWebhookEvent) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}

export type Ledger = ReturnType<typeof createLedger>;

/** What a ledger row adds to what a Seer is owed: shares booked, less transfers, plus reversals. */
export const owedPart = sql`case ${ledgerEntries.kind} when 'seer_share' then ${ledgerEntries.amount} when 'transfer' then -${ledgerEntries.amount} when 'reversal' then ${ledgerEntries.amount} else 0 end`;
