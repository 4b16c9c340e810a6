import { bookingIdSchema } from "../../../src/schemas/bookings";
import { sendMessageSchema } from "../../../src/schemas/conversations";
import { reportMessageSchema } from "../../../src/schemas/disputes";
import { adminProcedure, authedProcedure, router } from "../../platform/trpc/init";

/** A booking's conversation and the person's inbox (docs/product.md#messages): conversation.ts. */
export const messagesRouter = router({
  /** `/messages`: the person's conversations, the latest first, with their unread counts. */
  inbox: authedProcedure.query(({ ctx }) => ctx.services.meetings.conversations.inbox(ctx.user)),
  /** The header's badge and the session cards' counts. */
  unread: authedProcedure.query(({ ctx }) => ctx.services.meetings.conversations.unread(ctx.user)),
  /** `/messages/:bookingId`: the thread, to its client, its Seer, or an admin once one of its messages was reported. */
  thread: authedProcedure
    .input(bookingIdSchema)
    .query(({ ctx, input }) => ctx.services.meetings.conversations.thread(ctx.user, input.bookingId)),
  send: authedProcedure
    .input(sendMessageSchema)
    .mutation(({ ctx, input }) => ctx.services.meetings.conversations.send(ctx.user, input)),
  markRead: authedProcedure
    .input(bookingIdSchema)
    .mutation(({ ctx, input }) => ctx.services.meetings.conversations.markRead(ctx.user, input.bookingId)),
  /** A person reports a message of a conversation they are in (issue #43); admins may then read that conversation. */
  report: authedProcedure
    .input(reportMessageSchema)
    .mutation(({ ctx, input }) => ctx.services.meetings.conversations.report(ctx.user, input)),
  /** Admins: the conversations with a reported message, the latest report first. */
  reported: adminProcedure.query(({ ctx }) => ctx.services.meetings.conversations.reported()),
});
