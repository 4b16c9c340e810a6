import { adminCancelBookingSchema } from "../../../src/schemas/bookings";
import { applicationStatusFilterSchema, reviewApplicationSchema } from "../../../src/schemas/applications";
import { adminProcedure, router } from "../../platform/trpc/init";

export const adminRouter = router({
  seerApplications: adminProcedure
    .input(applicationStatusFilterSchema.optional())
    .query(({ ctx, input }) => ctx.services.admin.listApplications(input?.status)),

  reviewApplication: adminProcedure.input(reviewApplicationSchema).mutation(async ({ ctx, input }) => {
    const application = await ctx.services.admin.review(input, ctx.user.id);
    return application;
  }),

  analytics: adminProcedure.query(({ ctx }) => ctx.services.admin.analytics()),

  bookings: adminProcedure.query(({ ctx }) => ctx.services.admin.recentBookings()),
  /** Any confirmed booking, with the refund the admin chooses and a reason. */
  cancelBooking: adminProcedure
    .input(adminCancelBookingSchema)
    .mutation(({ ctx, input }) => ctx.services.bookings.adminCancel(input, ctx.req.log)),

  products: adminProcedure.query(({ ctx }) => ctx.services.admin.listProducts()),
});
