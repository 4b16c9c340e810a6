import {
  availabilityInputSchema,
  earningsInputSchema,
  seerProfileUpdateSchema,
  timezoneInputSchema,
} from "../../../src/schemas/dashboard";
import { authedProcedure, router, seerProcedure } from "../../platform/trpc/init";

/** The Seer dashboard (docs/product.md#routes-and-screens /seer/dashboard): the Seer's own profile, timezone, availability and earnings; their sessions and cards are bookings.seerSessions. */
export const seerDashboardRouter = router({
  overview: seerProcedure.query(({ ctx }) => ctx.services.seerDashboard.overview(ctx.user)),

  /** The Earnings tab: a read of bookings and the ledger, which bookings owns (bookings/seer-earnings.ts). */
  earnings: seerProcedure
    .input(earningsInputSchema)
    .query(({ ctx, input }) => ctx.services.bookings.seerEarnings(ctx.user, input.period)),

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
});
