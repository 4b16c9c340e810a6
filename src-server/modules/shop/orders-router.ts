import { confirmOrderPaymentSchema, createOrderPaymentSchema } from "../../../src/schemas/shop";
import { authedProcedure, router } from "../../platform/trpc/init";

/** Checkout: the server prices the cart, reserves the stock and confirms the payment exactly once. */
export const ordersRouter = router({
  createPayment: authedProcedure
    .input(createOrderPaymentSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.createPayment(ctx.user.id, input)),

  confirmPayment: authedProcedure
    .input(confirmOrderPaymentSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.confirmPayment(ctx.user.id, input.paymentIntentId)),
});
