import { bookingIdSchema } from "../../../src/schemas/bookings";
import { authedProcedure, router } from "../../platform/trpc/init";

export const meetingsRouter = router({
  /** The room's page: the booking, who the other party is, and whether the call is open now. */
  room: authedProcedure.input(bookingIdSchema).query(({ ctx, input }) => ctx.services.meetings.room(ctx.user, input.bookingId)),
  /** The room's chat, in the room and afterwards on the booking. */
  messages: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.meetings.messages(ctx.user, input.bookingId)),
});
