import { availabilityInputSchema, seerProfileUpdateSchema, timezoneInputSchema } from "../../../src/schemas/dashboard";
import {
  cancelTimeOffBookingsSchema,
  dateOverrideInputSchema,
  overrideIdSchema,
  scheduleRulesSchema,
} from "../../../src/schemas/schedule";
import { authedProcedure, router, seerProcedure } from "../../platform/trpc/init";

/** The Seer dashboard (docs/product.md#routes-and-screens /seer/dashboard): the Seer's own profile, timezone and availability; their sessions and cards are bookings.seerSessions, their earnings bookings.seerEarnings. */
export const seerDashboardRouter = router({
  overview: seerProcedure.query(({ ctx }) => ctx.services.seerDashboard.overview(ctx.user)),

  /** Any signed-in user may ask; the service answers 404 for a missing Seer and 403 for someone else's. */
  setTimezone: authedProcedure
    .input(timezoneInputSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.setTimezone(ctx.user, input.seerId, input.timezone)),

  updateProfile: seerProcedure
    .input(seerProfileUpdateSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.updateProfile(ctx.user, input)),

  updateAvailability: seerProcedure
    .input(availabilityInputSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.updateAvailability(ctx.user, input)),

  /** The Availability tab's scheduling rules, date overrides and time off (schedule.ts; issue #42). */
  schedule: seerProcedure.query(({ ctx }) => ctx.services.seerDashboard.schedule(ctx.user)),
  saveRules: seerProcedure
    .input(scheduleRulesSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.saveRules(ctx.user, input)),
  addOverride: seerProcedure
    .input(dateOverrideInputSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.addOverride(ctx.user, input)),
  removeOverride: seerProcedure
    .input(overrideIdSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.removeOverride(ctx.user, input.id)),
  cancelTimeOffBookings: seerProcedure
    .input(cancelTimeOffBookingsSchema)
    .mutation(({ ctx, input }) => ctx.services.seerDashboard.cancelTimeOffBookings(ctx.user, input.bookingIds, ctx.req.log)),
});
