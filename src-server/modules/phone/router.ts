import { phoneConfirmSchema, phoneSmsSchema, phoneStartSchema } from "../../../src/schemas/phone";
import { authedProcedure, router } from "../../platform/trpc/init";

export const phoneRouter = router({
  /** The person's number, confirmed or waiting for its code, and whether they chose SMS. */
  status: authedProcedure.query(({ ctx }) => ctx.services.phone.status(ctx.user)),
  /** Sends a 6-digit code by SMS to a number (again: a new code). */
  sendCode: authedProcedure.input(phoneStartSchema).mutation(({ ctx, input }) => ctx.services.phone.sendCode(ctx.user, input)),
  /** The code: right, the number is confirmed; 5 wrong ones, then a wait. */
  confirm: authedProcedure.input(phoneConfirmSchema).mutation(({ ctx, input }) => ctx.services.phone.confirm(ctx.user, input)),
  /** Confirmations and reminders by SMS, on or off (on only with a confirmed number). */
  setSms: authedProcedure.input(phoneSmsSchema).mutation(({ ctx, input }) => ctx.services.phone.setSms(ctx.user, input.enabled)),
  /** Forgets the number. */
  remove: authedProcedure.mutation(({ ctx }) => ctx.services.phone.remove(ctx.user)),
});
