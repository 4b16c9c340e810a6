import { applicationStatusFilterSchema, reviewApplicationSchema } from "../../../src/schemas/applications";
import { adminProcedure, router } from "../../platform/trpc/init";

export const adminRouter = router({
  seerApplications: adminProcedure
    .input(applicationStatusFilterSchema.optional())
    .query(({ ctx, input }) => ctx.services.admin.listApplications(input?.status)),

  reviewApplication: adminProcedure.input(reviewApplicationSchema).mutation(async ({ ctx, input }) => {
    const application = await ctx.services.admin.review(input, ctx.admin);
    return application;
  }),

  analytics: adminProcedure.query(({ ctx }) => ctx.services.admin.analytics()),

  bookings: adminProcedure.query(({ ctx }) => ctx.services.admin.recentBookings()),

  products: adminProcedure.query(({ ctx }) => ctx.services.admin.listProducts()),
});
