import { addCalendarSchema, calendarIdSchema } from "../../../src/schemas/calendars";
import { authedProcedure, router, seerProcedure } from "../../platform/trpc/init";

export const calendarsRouter = router({
  /** The person's private feed address (made on first ask), for their calendar app to subscribe to. */
  feed: authedProcedure.query(({ ctx }) => ctx.services.calendars.feedAddress(ctx.user)),
  /** A new feed address; the old one answers 404. */
  resetFeed: authedProcedure.mutation(({ ctx }) => ctx.services.calendars.resetFeed(ctx.user)),
  /** The Seer's own calendars, with how their reads went. */
  list: seerProcedure.query(({ ctx }) => ctx.services.calendars.listCalendars(ctx.user)),
  add: seerProcedure.input(addCalendarSchema).mutation(({ ctx, input }) => ctx.services.calendars.addCalendar(ctx.user, input)),
  remove: seerProcedure
    .input(calendarIdSchema)
    .mutation(({ ctx, input }) => ctx.services.calendars.removeCalendar(ctx.user, input.id)),
});
