import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { testConnectedAccounts, testTransferReversals, testTransfers } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { Clock } from "../clock";
import type {
  AccountLinkInput,
  ConnectedAccount,
  CreateConnectedAccountInput,
  CreateTransferInput,
  PaymentWebhookEvent,
  ReverseTransferInput,
  Transfer,
  TransferReversal,
} from "./provider";

/** An id as the test-mode provider gives them: Stripe's prefix, then `_test_` and random hex. */
export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

type AccountRow = typeof testConnectedAccounts.$inferSelect;

const accountOf = (row: AccountRow): ConnectedAccount => ({
  id: row.id,
  status: row.detailsSubmitted && row.payoutsEnabled ? "active" : "details_needed",
});

/**
 * The test-mode provider's Seer payouts, as Stripe Connect's test mode: connected accounts, their onboarding page (in
 * the app), transfers and reversals, kept in this database (test-provider.ts adds the card payments).
 */
export class TestConnectProvider {
  constructor(
    protected readonly db: Db,
    protected readonly clock: Clock,
  ) {}

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount> {
    const [row] = await this.db
      .insert(testConnectedAccounts)
      .values({
        id: newId("acct"),
        email: input.email,
        metadata: { ...input.metadata },
        idempotencyKey: input.idempotencyKey,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: testConnectedAccounts.idempotencyKey })
      .returning();
    if (row) return accountOf(row);
    const [existing] = await this.db
      .select()
      .from(testConnectedAccounts)
      .where(eq(testConnectedAccounts.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error("The test connected account could not be stored");
    return accountOf(existing);
  }

  /**
   * Stripe's hosted onboarding, played by a page of the app itself: it submits the details and comes back. The link is
   * a path, so the browser stays on whichever address of the site it is using.
   */
  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    await this.account(input.accountId);
    const back = new URL(input.returnUrl);
    const search = new URLSearchParams({ account: input.accountId, return: `${back.pathname}${back.search}` });
    return { url: `/payouts/test-onboarding?${search.toString()}` };
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccount> {
    return accountOf(await this.account(id));
  }

  /** The onboarding page's submission: the account can now receive transfers, and Stripe would say so by account.updated. */
  async completeOnboarding(accountId: string): Promise<{ account: ConnectedAccount; event: PaymentWebhookEvent }> {
    const [row] = await this.db
      .update(testConnectedAccounts)
      .set({ detailsSubmitted: true, payoutsEnabled: true })
      .where(eq(testConnectedAccounts.id, accountId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "This payout account could not be found.");
    return { account: accountOf(row), event: { id: newId("evt"), type: "account.updated", paymentIntent: null, accountId } };
  }

  async createTransfer(input: CreateTransferInput): Promise<Transfer> {
    const existing = await this.transferByKey(input.idempotencyKey);
    if (existing) return existing;
    const account = await this.account(input.destination);
    if (!account.payoutsEnabled) throw new AppError("BAD_REQUEST", "The destination account cannot receive transfers yet.");
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new AppError("BAD_REQUEST", "A transfer must be at least 1 cent.");
    const [row] = await this.db
      .insert(testTransfers)
      .values({
        id: newId("tr"),
        destination: input.destination,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        transferGroup: input.transferGroup,
        metadata: { ...input.metadata },
        idempotencyKey: input.idempotencyKey,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: testTransfers.idempotencyKey })
      .returning();
    if (!row) {
      const raced = await this.transferByKey(input.idempotencyKey);
      if (!raced) throw new Error("The test transfer could not be stored");
      return raced;
    }
    return this.retrieveTransfer(row.id);
  }

  async retrieveTransfer(id: string): Promise<Transfer> {
    const [row] = await this.db.select().from(testTransfers).where(eq(testTransfers.id, id));
    if (!row) throw new AppError("NOT_FOUND", "This transfer could not be found.");
    const reversals = await this.db
      .select({ id: testTransferReversals.id, amount: testTransferReversals.amount })
      .from(testTransferReversals)
      .where(eq(testTransferReversals.transferId, id))
      .orderBy(testTransferReversals.createdAt, testTransferReversals.id);
    return {
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      destination: row.destination,
      transferGroup: row.transferGroup,
      metadata: { ...row.metadata },
      reversals,
    };
  }

  /** As Stripe: never more than is left of the transfer; the same key answers the same reversal. */
  async reverseTransfer(input: ReverseTransferInput): Promise<TransferReversal> {
    const [existing] = await this.db
      .select({ id: testTransferReversals.id, amount: testTransferReversals.amount })
      .from(testTransferReversals)
      .where(eq(testTransferReversals.idempotencyKey, input.idempotencyKey));
    if (existing) return existing;
    return this.addReversal(input.transferId, input.amount, input.idempotencyKey);
  }

  /** A reversal made outside the app, as from Stripe's dashboard, and the transfer.reversed event that announces it. */
  async reverseElsewhere(
    transferId: string,
    amount: number,
  ): Promise<{ reversal: TransferReversal; event: PaymentWebhookEvent }> {
    const reversal = await this.addReversal(transferId, amount, null);
    return { reversal, event: { id: newId("evt"), type: "transfer.reversed", paymentIntent: null, transferId } };
  }

  private async addReversal(transferId: string, amount: number, idempotencyKey: string | null): Promise<TransferReversal> {
    const transfer = await this.retrieveTransfer(transferId);
    const left = transfer.amount - transfer.reversals.reduce((sum, r) => sum + r.amount, 0);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
      throw new AppError("BAD_REQUEST", `A reversal must be between 1 and ${left} cents.`);
    const [row] = await this.db
      .insert(testTransferReversals)
      .values({ id: newId("trr"), transferId, amount, idempotencyKey, createdAt: this.clock.now() })
      .returning({ id: testTransferReversals.id, amount: testTransferReversals.amount });
    if (!row) throw new Error("The test reversal could not be stored");
    return row;
  }

  private async transferByKey(idempotencyKey: string): Promise<Transfer | null> {
    const [row] = await this.db
      .select({ id: testTransfers.id })
      .from(testTransfers)
      .where(eq(testTransfers.idempotencyKey, idempotencyKey));
    return row ? this.retrieveTransfer(row.id) : null;
  }

  private async account(id: string): Promise<AccountRow> {
    const [row] = await this.db.select().from(testConnectedAccounts).where(eq(testConnectedAccounts.id, id));
    if (!row) throw new AppError("NOT_FOUND", "This payout account could not be found.");
    return row;
  }
}
