import { testCardSchema } from "../../src/schemas/bookings";
import { confirmTestCard } from "../payments/test-checkout";
import { authedProcedure, publicProcedure, router } from "../trpc/init";

export const paymentsRouter = router({
  /** Which card form the client shows: Stripe's Payment Element, or the built-in test-mode form. */
  config: publicProcedure.query(({ ctx }) => ({
    provider: ctx.services.payments.name,
    publishableKey: ctx.services.payments.publishableKey,
  })),
  confirmTestCard: authedProcedure.input(testCardSchema).mutation(({ ctx, input }) => confirmTestCard(ctx.services, input)),
});
