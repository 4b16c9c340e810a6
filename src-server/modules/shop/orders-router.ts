import { idempotencyKeySchema } from "../../../src/schemas/common";
import {
  adminOrderListSchema,
  confirmOrderPaymentSchema,
  decideReturnSchema,
  requestReturnSchema,
  createOrderPaymentSchema,
  orderIdSchema,
  refundOrderSchema,
  shipOrderSchema,
} from "../../../src/schemas/shop";
import { adminProcedure, authedProcedure, router, verifiedProcedure } from "../../platform/trpc/init";

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

  // The back office (admins only): every order, what was done to it, and shipping, delivery and refunds.
  list: adminProcedure.input(adminOrderListSchema).query(({ ctx, input }) => ctx.services.backOffice.list(input)),
  detail: adminProcedure.input(orderIdSchema).query(({ ctx, input }) => ctx.services.backOffice.detail(input.orderId)),
  ship: adminProcedure.input(shipOrderSchema).mutation(({ ctx, input }) => ctx.services.backOffice.ship(ctx.user, input)),
  deliver: adminProcedure
    .input(orderIdSchema)
    .mutation(({ ctx, input }) => ctx.services.backOffice.deliver(ctx.user, input.orderId)),
  refund: adminProcedure
    .input(refundOrderSchema)
    .mutation(({ ctx, input }) => ctx.services.backOffice.refund(ctx.user, input, ctx.req.log)),
  lowStock: adminProcedure.query(({ ctx }) => ctx.services.backOffice.lowStock()),

  // Returns by the Terms: the shopper asks (their own delivered order), an admin decides and receives.
  requestReturn: authedProcedure
    .input(requestReturnSchema)
    .mutation(({ ctx, input }) => ctx.services.returns.request(ctx.user, input)),
  decideReturn: adminProcedure
    .input(decideReturnSchema)
    .mutation(({ ctx, input }) => ctx.services.returns.decide(ctx.user, input)),
  receiveReturn: adminProcedure
    .input(orderIdSchema)
    .mutation(({ ctx, input }) => ctx.services.returns.receive(ctx.user, input.orderId, ctx.req.log)),
});
