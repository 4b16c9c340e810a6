import { idempotencyKeySchema } from "../../../src/schemas/common";
import { confirmOrderPaymentSchema, createOrderPaymentSchema } from "../../../src/schemas/shop";
import { authedProcedure, router, verifiedProcedure } from "../../platform/trpc/init";

/** Checkout: the server prices the cart, reserves the stock and confirms the payment exactly once. */
export const ordersRouter = router({
  /** `idempotencyKey` is the tRPC door's Idempotency-Key (the REST door reads the header into it). */
  createPayment: verifiedProcedure
    .input(createOrderPaymentSchema.extend({ idempotencyKey: idempotencyKeySchema }))
    .mutation(({ ctx, input: { idempotencyKey, ...input } }) =>
      ctx.services.orders.createPayment(ctx.user.id, input, idempotencyKey),
    ),

  confirmPayment: authedProcedure
    .input(confirmOrderPaymentSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.confirmPayment(ctx.user.id, input.paymentIntentId)),
});
