import { applicationStatusFilterSchema, reviewApplicationSchema } from "../../../src/schemas/applications";
import { adminProcedure, freshlyConfirmed, router } from "../../platform/trpc/init";

export const adminRouter = router({
  seerApplications: adminProcedure
    .input(applicationStatusFilterSchema.optional())
    .query(({ ctx, input }) => ctx.services.admin.listApplications(input?.status)),

  // Approving makes the applicant a Seer (a role change): it asks for a fresh confirmation.
  reviewApplication: adminProcedure.use(freshlyConfirmed).input(reviewApplicationSchema).mutation(async ({ ctx, input }) => {
    const application = await ctx.services.admin.review(input, ctx.user.id);
    return application;
  }),

  analytics: adminProcedure.query(({ ctx }) => ctx.services.admin.analytics()),

  bookings: adminProcedure.query(({ ctx }) => ctx.services.admin.recentBookings()),

  products: adminProcedure.query(({ ctx }) => ctx.services.admin.listProducts()),
});
