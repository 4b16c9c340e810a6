import { testCardSchema } from "../../../src/schemas/bookings";
import { authedProcedure, publicProcedure, router } from "../../platform/trpc/init";

export const paymentsRouter = router({
  /** Which card form the client shows: Stripe's Payment Element, or the built-in test-mode form. */
  config: publicProcedure.query(({ ctx }) => ctx.services.payments.clientConfig()),
  confirmTestCard: authedProcedure
    .input(testCardSchema)
    .mutation(({ ctx, input }) => ctx.services.payments.confirmTestCard(input, ctx.req.log)),
});
