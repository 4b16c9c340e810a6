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
import { adminProcedure, authedProcedure, freshlyConfirmed, router, verifiedProcedure } from "../../platform/trpc/init";

/**
 * Orders, each procedure one operation of the same name in its own file: `createPayment` is `createOrderPayment`
 * (checkout.ts), `confirmPayment` is `confirmOrderPayment` (confirm-payment.ts), `list` and `detail` are `listOrders` and
 * `orderDetail` (queries.ts), `ship` and `deliver` are `shipOrder` and `deliverOrder` (fulfilment.ts), `refund` is
 * `refundOrder` (refunds.ts), `lowStock` (low-stock.ts), and the returns' three (returns.ts).
 */
export const ordersRouter = router({
  /** `idempotencyKey` is the tRPC door's Idempotency-Key (the REST door reads the header into it). */
  createPayment: verifiedProcedure
    .input(createOrderPaymentSchema.extend({ idempotencyKey: idempotencyKeySchema }))
    .mutation(({ ctx, input: { idempotencyKey, ...input } }) =>
      ctx.services.orders.createOrderPayment(ctx.user.id, input, idempotencyKey),
    ),

  confirmPayment: authedProcedure
    .input(confirmOrderPaymentSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.confirmOrderPayment(ctx.user.id, input.paymentIntentId)),

  // The back office (admins only): every order, what was done to it, and shipping, delivery and refunds.
  list: adminProcedure.input(adminOrderListSchema).query(({ ctx, input }) => ctx.services.orders.listOrders(input)),
  detail: adminProcedure.input(orderIdSchema).query(({ ctx, input }) => ctx.services.orders.orderDetail(input.orderId)),
  ship: adminProcedure.input(shipOrderSchema).mutation(({ ctx, input }) => ctx.services.orders.shipOrder(ctx.admin, input)),
  deliver: adminProcedure
    .input(orderIdSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.deliverOrder(ctx.admin, input.orderId)),
  // A refund asks for a fresh confirmation (password, code or passkey within 10 minutes).
  refund: adminProcedure
    .use(freshlyConfirmed)
    .input(refundOrderSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.refundOrder(ctx.admin, input, ctx.req.log)),
  lowStock: adminProcedure.query(({ ctx }) => ctx.services.orders.lowStock()),

  // Returns by the Terms: the shopper asks (their own delivered order), an admin decides and receives.
  requestReturn: authedProcedure
    .input(requestReturnSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.requestReturn(ctx.user, input)),
  decideReturn: adminProcedure
    .input(decideReturnSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.decideReturn(ctx.admin, input)),
  receiveReturn: adminProcedure
    .input(orderIdSchema)
    .mutation(({ ctx, input }) => ctx.services.orders.receiveReturn(ctx.admin, input.orderId, ctx.req.log)),
});
