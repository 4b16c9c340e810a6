import { bookingIdSchema } from "../../../src/schemas/bookings";
import { sendMessageSchema } from "../../../src/schemas/conversations";
import { authedProcedure, router } from "../../platform/trpc/init";

/** A booking's conversation and the person's inbox (docs/product.md#messages): conversation.ts. */
export const messagesRouter = router({
  /** `/messages`: the person's conversations, the latest first, with their unread counts. */
  inbox: authedProcedure.query(({ ctx }) => ctx.services.meetings.conversations.inbox(ctx.user)),
  /** The header's badge and the session cards' counts. */
  unread: authedProcedure.query(({ ctx }) => ctx.services.meetings.conversations.unread(ctx.user)),
  /** `/messages/:bookingId`: the thread, to its client, its Seer or an admin. */
  thread: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.meetings.conversations.thread(ctx.user, input.bookingId)),
  send: authedProcedure
    .input(sendMessageSchema)
    .mutation(({ ctx, input }) => ctx.services.meetings.conversations.send(ctx.user, input)),
  markRead: authedProcedure
    .input(bookingIdSchema)
    .mutation(({ ctx, input }) => ctx.services.meetings.conversations.markRead(ctx.user, input.bookingId)),
});
