import { mobileMoneySchema, mobileMoneyStateSchema, testCardSchema, testPhoneSchema } from "../../../src/schemas/bookings";
import { authedProcedure, publicProcedure, router } from "../../platform/trpc/init";

export const paymentsRouter = router({
  /** Which card form the client shows: Stripe's Payment Element, or the built-in test-mode form. */
  config: publicProcedure.query(({ ctx }) => ctx.services.payments.clientConfig()),
  confirmTestCard: authedProcedure
    .input(testCardSchema)
    .mutation(({ ctx, input }) => ctx.services.payments.confirmTestCard(input, ctx.req.log)),
  // Mobile money (docs/product.md#mobile-money): the prompt, the state the page waits on, the test mode's phone.
  startMobileMoney: authedProcedure
    .input(mobileMoneySchema)
    .mutation(({ ctx, input }) => ctx.services.payments.mobileMoney.prompt({ ...input, email: ctx.user.email }, ctx.req.log)),
  mobileMoneyState: authedProcedure
    .input(mobileMoneyStateSchema)
    .query(({ ctx, input }) => ctx.services.payments.mobileMoney.state(input.clientSecret, ctx.req.log)),
  answerTestPhone: authedProcedure
    .input(testPhoneSchema)
    .mutation(({ ctx, input }) => ctx.services.payments.mobileMoney.answer(input, ctx.req.log)),
});
