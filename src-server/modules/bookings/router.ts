import { z } from "zod";
import { SESSION_TYPES } from "../../../src/domain/consultations";
import {
  adminCancelBookingSchema,
  bookingIdSchema,
  cancelBookingSchema,
  createBookingPaymentSchema,
  paymentIntentIdSchema,
  proposeRescheduleSchema,
  rescheduleBookingSchema,
  respondToProposalSchema,
  reviewReplySchema,
  reviewSchema,
  takenSlotsSchema,
} from "../../../src/schemas/bookings";
import { idempotencyKeySchema } from "../../../src/schemas/common";
import { answerDisputeSchema, decideDisputeSchema, reportProblemSchema } from "../../../src/schemas/disputes";
import { earningsInputSchema } from "../../../src/schemas/dashboard";
import {
  adminProcedure,
  authedProcedure,
  freshlyConfirmed,
  publicProcedure,
  router,
  seerProcedure,
  verifiedProcedure,
} from "../../platform/trpc/init";

export const bookingsRouter = router({
  /** `idempotencyKey` is the tRPC door's Idempotency-Key (the REST door reads the header into it). */
  createPaymentIntent: verifiedProcedure
    .input(createBookingPaymentSchema.extend({ idempotencyKey: idempotencyKeySchema }))
    .mutation(({ ctx, input: { idempotencyKey, ...input } }) =>
      ctx.services.bookings.createPaymentIntent(ctx.user, input, idempotencyKey, ctx.req.log),
    ),
  confirmPayment: authedProcedure
    .input(paymentIntentIdSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.confirmPayment(ctx.user, input.paymentIntentId, ctx.req.log)),
  byId: authedProcedure.input(bookingIdSchema).query(({ ctx, input }) => ctx.services.bookings.byId(ctx.user, input.bookingId)),
  /** Times only: which of a date's slots are taken (disabled) and which the Seer does not offer (not shown). */
  takenSlots: publicProcedure
    .input(takenSlotsSchema.extend({ sessionType: z.enum(SESSION_TYPES).optional() }))
    .query(async ({ ctx, input }) => ({
      taken: await ctx.services.bookings.takenSlots(input),
      notOffered: await ctx.services.bookings.notOfferedSlots(input),
    })),
  mine: authedProcedure.query(({ ctx }) => ctx.services.bookings.mine(ctx.user)),
  /** The profile page's lists: the signed-in client's own sessions, upcoming and past. */
  clientSessions: authedProcedure.query(({ ctx }) => ctx.services.bookings.clientSessions(ctx.user.id)),
  /** The Seer dashboard's cards and session lists (its profile is seerDashboard.overview). */
  seerSessions: seerProcedure.query(({ ctx }) => ctx.services.bookings.seerSessions(ctx.user)),
  /** The Seer dashboard's Earnings tab: sums over the ledger of the Seer's paid bookings (seer-earnings.ts). */
  seerEarnings: seerProcedure
    .input(earningsInputSchema)
    .query(({ ctx, input }) => ctx.services.bookings.seerEarnings(ctx.user, input.period)),
  /** The booking's .ics file (METHOD:CANCEL once cancelled), for its client and its Seer. */
  calendar: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.bookings.calendar(ctx.user, input.bookingId)),
  /** What cancelling now would refund, by the same rule the cancellation applies. */
  cancellationQuote: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.bookings.cancellationQuote(ctx.user, input.bookingId)),
  cancel: authedProcedure
    .input(cancelBookingSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.cancel(ctx.user, input, ctx.req.log)),
  /** Admins only, freshly confirmed: any confirmed booking, with the refund the admin chooses and a reason. */
  adminCancel: adminProcedure
    .use(freshlyConfirmed)
    .input(adminCancelBookingSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.adminCancel(ctx.admin, input, ctx.req.log)),
  reschedule: authedProcedure
    .input(rescheduleBookingSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.reschedule(ctx.user, input)),
  proposeReschedule: authedProcedure
    .input(proposeRescheduleSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.proposeReschedule(ctx.user, input)),
  respondToProposal: authedProcedure
    .input(respondToProposalSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.respondToProposal(ctx.user, input)),
  review: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.bookings.review(ctx.user, input.bookingId)),
  writeReview: authedProcedure
    .input(reviewSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.writeReview(ctx.user, input)),
  replyToReview: authedProcedure
    .input(reviewReplySchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.replyToReview(ctx.user, input)),
  /** Report a problem (issue #43): the client of a completed session, until its hold ends (disputes.ts). */
  reportProblem: authedProcedure
    .input(reportProblemSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.reportProblem(ctx.user, input)),
  /** A booking's report as its client or Seer sees it, and whether the client may still report it. */
  dispute: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.bookings.dispute(ctx.user, input.bookingId)),
  /** The Seer's one answer to a report about their session. */
  answerDispute: authedProcedure
    .input(answerDisputeSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.answerDispute(ctx.user, input)),
  /** Admins: the open reports, with the Seer's answers and the rooms' records. */
  disputes: adminProcedure.query(({ ctx }) => ctx.services.bookings.openDisputes()),
  /** Admins only, freshly confirmed: a full or partial refund, or release to the Seer, with a reason. */
  decideDispute: adminProcedure
    .use(freshlyConfirmed)
    .input(decideDisputeSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.decideDispute(ctx.admin, input, ctx.req.log)),
});
