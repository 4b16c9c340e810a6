import { and, eq, isNull } from "drizzle-orm";
import { seers, users } from "../../../db/schema";
import type { PayoutStatus } from "../../../src/domain/enums";
import { payoutsFor } from "../../../src/domain/payout-rails";
import { AppError } from "../../../src/errors";
import { SEER_NOT_FOUND } from "../../../src/schemas/seers";
import { testProviderOf } from "../../platform/payments";
import type { SessionUser } from "../../platform/trpc/context";
import type { PayoutDeps } from "./deps";

export const PAYOUT_ACCOUNT_NOT_FOUND = "This payout account could not be found.";
export const TEST_ONBOARDING_ONLY = "Test-mode onboarding is not enabled.";
export const LOCAL_COUNTRY = "Payouts in your country go to mobile money or a local bank: save your payout details instead.";

/** The Seer's connected payout account: opening it, its onboarding, and its state read back from the provider. */
export function createPayoutAccounts({
  db,
  payments,
  config,
  processEvent,
  requestPayout,
}: Pick<PayoutDeps, "db" | "payments" | "config" | "processEvent"> & {
  /** Once the account is active, what the Seer is owed is paid (transfers.ts). */
  requestPayout: (seerId: string, occasion: string) => Promise<void>;
}) {
  async function seerOf(user: SessionUser) {
    const [seer] = await db
      .select({ id: seers.id, accountId: seers.stripeAccountId, status: seers.payoutStatus, country: seers.country })
      .from(seers)
      .where(eq(seers.userId, user.id));
    if (!seer) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
    return seer;
  }

  const dashboardUrl = (step: string) => `${config.publicUrl}/seer/dashboard?tab=earnings&payouts=${step}`;

  /** Opens the Seer's payout account once (a retried click reuses it) and answers where onboarding continues. */
  async function connect(user: SessionUser): Promise<{ url: string }> {
    const seer = await seerOf(user);
    // Stripe pays out to nobody in the countries of the local rails (docs/product.md#payout-rails).
    if (payoutsFor(seer.country).rail !== "stripe") throw new AppError("BAD_REQUEST", LOCAL_COUNTRY);
    let accountId = seer.accountId;
    if (!accountId) {
      const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      const account = await payments.createConnectedAccount({
        email: owner?.email ?? "",
        metadata: { seerId: seer.id },
        idempotencyKey: `payout-account:${seer.id}`,
      });
      await db
        .update(seers)
        .set({ stripeAccountId: account.id, payoutStatus: account.status })
        .where(and(eq(seers.id, seer.id), isNull(seers.stripeAccountId)));
      const [stored] = await db.select({ accountId: seers.stripeAccountId }).from(seers).where(eq(seers.id, seer.id));
      accountId = stored?.accountId ?? account.id;
    }
    return payments.createAccountLink({ accountId, refreshUrl: dashboardUrl("refresh"), returnUrl: dashboardUrl("return") });
  }

  /** Reads the account's state from the provider (the answer does not depend on the order events arrive in). */
  async function syncAccount(accountId: string): Promise<void> {
    const [seer] = await db.select({ id: seers.id }).from(seers).where(eq(seers.stripeAccountId, accountId));
    if (!seer) return;
    const account = await payments.retrieveConnectedAccount(accountId);
    await db.update(seers).set({ payoutStatus: account.status }).where(eq(seers.id, seer.id));
    if (account.status === "active") await requestPayout(seer.id, `activated:${accountId}`);
  }

  /** Back from onboarding: the dashboard asks for the account's state at once rather than wait for the webhook. */
  async function refresh(user: SessionUser): Promise<{ status: PayoutStatus }> {
    const seer = await seerOf(user);
    if (!seer.accountId) return { status: seer.status };
    await syncAccount(seer.accountId);
    return { status: (await seerOf(user)).status };
  }

  /** The test-mode onboarding page's submission: only for the Seer's own account. */
  async function completeTestOnboarding(user: SessionUser, accountId: string): Promise<{ status: PayoutStatus }> {
    const testProvider = testProviderOf(payments);
    if (!testProvider) throw new AppError("NOT_FOUND", TEST_ONBOARDING_ONLY);
    const seer = await seerOf(user).catch(() => null);
    if (!seer || seer.accountId !== accountId) throw new AppError("NOT_FOUND", PAYOUT_ACCOUNT_NOT_FOUND);
    const { event } = await testProvider.completeOnboarding(accountId);
    await processEvent(event);
    return { status: (await seerOf(user)).status };
  }

  return { seerOf, connect, syncAccount, refresh, completeTestOnboarding };
}
