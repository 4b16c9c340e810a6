import { z } from "zod";
import { SESSION_TYPES } from "../../../src/domain/consultations";
import { bookingIdSchema, createBookingPaymentSchema, paymentIntentIdSchema, takenSlotsSchema } from "../../../src/schemas/bookings";
import { idempotencyKeySchema } from "../../../src/schemas/common";
import { authedProcedure, publicProcedure, router, verifiedProcedure } from "../../platform/trpc/init";

export const bookingsRouter = router({
  /** `idempotencyKey` is the tRPC door's Idempotency-Key (the REST door reads the header into it). */
  createPaymentIntent: verifiedProcedure
    .input(createBookingPaymentSchema.extend({ idempotencyKey: idempotencyKeySchema }))
    .mutation(({ ctx, input: { idempotencyKey, ...input } }) =>
      ctx.services.bookings.createPaymentIntent(ctx.user, input, idempotencyKey),
    ),
  confirmPayment: authedProcedure
    .input(paymentIntentIdSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.confirmPayment(ctx.user, input.paymentIntentId)),
  byId: authedProcedure.input(bookingIdSchema).query(({ ctx, input }) => ctx.services.bookings.byId(ctx.user, input.bookingId)),
  /** Times only: which of a date's slots are taken (disabled) and which the Seer does not offer (not shown). */
  takenSlots: publicProcedure
    .input(takenSlotsSchema.extend({ sessionType: z.enum(SESSION_TYPES).optional() }))
    .query(async ({ ctx, input }) => ({
      taken: await ctx.services.bookings.takenSlots(input),
      notOffered: await ctx.services.bookings.notOfferedSlots(input),
    })),
  mine: authedProcedure.query(({ ctx }) => ctx.services.bookings.mine(ctx.user)),
});
