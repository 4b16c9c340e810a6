import { applicationStatusFilterSchema, reviewApplicationSchema } from "../../../src/schemas/applications";
import { auditFilterSchema, auditLogSchema } from "../../../src/schemas/audit";
import { adminProcedure, freshlyConfirmed, router } from "../../platform/trpc/init";

export const adminRouter = router({
  seerApplications: adminProcedure
    .input(applicationStatusFilterSchema.optional())
    .query(({ ctx, input }) => ctx.services.admin.listApplications(input?.status)),

  // Approving makes the applicant a Seer (a role change): it asks for a fresh confirmation.
  reviewApplication: adminProcedure.use(freshlyConfirmed).input(reviewApplicationSchema).mutation(async ({ ctx, input }) => {
    const application = await ctx.services.admin.review(input, ctx.admin);
    return application;
  }),

  analytics: adminProcedure.query(({ ctx }) => ctx.services.admin.analytics()),

  bookings: adminProcedure.query(({ ctx }) => ctx.services.admin.recentBookings()),

  products: adminProcedure.query(({ ctx }) => ctx.services.admin.listProducts()),

  // The audit log is read only: no procedure changes or deletes its rows (the table refuses it too).
  auditLog: adminProcedure.input(auditLogSchema).query(({ ctx, input }) => ctx.services.admin.auditLog(input)),

  auditExport: adminProcedure.input(auditFilterSchema).query(({ ctx, input }) => ctx.services.admin.auditExport(input)),
});
