import {
  adminPayoutsSchema,
  institutionsSchema,
  noInput,
  resolveAccountSchema,
  retryPayoutSchema,
  savePayoutMethodSchema,
  testOnboardingSchema,
} from "../../../src/schemas/payouts";
import { SECOND_FACTOR_FOR_PAYOUTS } from "../../../src/domain/second-factor";
import { AppError } from "../../../src/errors";
import { adminProcedure, requireFreshConfirmation, router, seerProcedure } from "../../platform/trpc/init";

/** Seer payouts (docs/product.md#money-and-the-ledger): the Seer's own account and balances; the admins' ledger figures. */
export const payoutsRouter = router({
  overview: seerProcedure.query(({ ctx }) => ctx.services.payouts.overview(ctx.user)),
  connect: seerProcedure.input(noInput).mutation(({ ctx }) => ctx.services.payouts.connect(ctx.user)),
  refresh: seerProcedure.input(noInput).mutation(({ ctx }) => ctx.services.payouts.refresh(ctx.user)),
  completeTestOnboarding: seerProcedure
    .input(testOnboardingSchema)
    .mutation(({ ctx, input }) => ctx.services.payouts.completeTestOnboarding(ctx.user, input.accountId)),
  summary: adminProcedure.query(({ ctx }) => ctx.services.payouts.summary()),
  // Local payouts (docs/product.md#payout-rails): what the Seer's country offers, the holder's name, saving details.
  options: seerProcedure.query(({ ctx }) => ctx.services.payouts.methods.options(ctx.user)),
  institutions: seerProcedure
    .input(institutionsSchema)
    .query(({ ctx, input }) => ctx.services.payouts.methods.institutions(ctx.user, input.kind)),
  resolveAccount: seerProcedure
    .input(resolveAccountSchema)
    .mutation(({ ctx, input }) => ctx.services.payouts.methods.resolve(ctx.user, input)),
  // Only with a second factor; the password typed with the details is a fresh confirmation, else a recent one must be.
  saveMethod: seerProcedure.input(savePayoutMethodSchema).mutation(({ ctx, input }) => {
    if (!ctx.user.secondFactor) throw new AppError("FORBIDDEN", SECOND_FACTOR_FOR_PAYOUTS);
    if (input.currentPassword === undefined) requireFreshConfirmation(ctx);
    return ctx.services.payouts.methods.save(ctx.user, input, ctx.req.ip);
  }),
  list: adminProcedure.input(adminPayoutsSchema).query(({ ctx, input }) => ctx.services.payouts.list(input)),
  retry: adminProcedure
    .input(retryPayoutSchema)
    .mutation(({ ctx, input }) => ctx.services.payouts.retry(ctx.admin, input.payoutId)),
});
