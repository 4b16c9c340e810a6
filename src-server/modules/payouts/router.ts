import { noInput, testOnboardingSchema } from "../../../src/schemas/payouts";
import { adminProcedure, router, seerProcedure } from "../../platform/trpc/init";

/** Seer payouts (docs/product.md#money-and-the-ledger): the Seer's own account and balances; the admins' ledger figures. */
export const payoutsRouter = router({
  overview: seerProcedure.query(({ ctx }) => ctx.services.payouts.overview(ctx.user)),
  connect: seerProcedure.input(noInput).mutation(({ ctx }) => ctx.services.payouts.connect(ctx.user)),
  refresh: seerProcedure.input(noInput).mutation(({ ctx }) => ctx.services.payouts.refresh(ctx.user)),
  completeTestOnboarding: seerProcedure
    .input(testOnboardingSchema)
    .mutation(({ ctx, input }) => ctx.services.payouts.completeTestOnboarding(ctx.user, input.accountId)),
  summary: adminProcedure.query(({ ctx }) => ctx.services.payouts.summary()),
});
