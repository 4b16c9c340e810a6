import { contactListSchema, contactMessageSchema, contactStatusSchema } from "../../../src/schemas/contact";
import { adminProcedure, publicProcedure, router } from "../../platform/trpc/init";

export const contactRouter = router({
  /** Anyone may write; a signed-in sender's account is kept with the message. */
  send: publicProcedure
    .input(contactMessageSchema)
    .mutation(({ ctx, input }) => ctx.services.contact.send(input, { ip: ctx.req.ip, userId: ctx.user?.id ?? null })),

  /** The admins' inbox, newest first, optionally one status. */
  list: adminProcedure.input(contactListSchema).query(({ ctx, input }) => ctx.services.contact.list(input.status)),

  setStatus: adminProcedure
    .input(contactStatusSchema)
    .mutation(({ ctx, input }) => ctx.services.contact.setStatus(input.id, input.status, ctx.admin)),
});
