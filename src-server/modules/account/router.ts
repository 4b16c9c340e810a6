import {
  changeEmailSchema,
  changePasswordSchema,
  currencyChoiceSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionIdSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from "../../../src/schemas/auth";
import { authedProcedure, publicProcedure, router } from "../../platform/trpc/init";
import { currentSessionId, endSession, startSession } from "./session";

/** Sign-in, sessions, recovery and the /profile page's own data: the signed-in user's, never anybody else's. */
export const accountRouter = router({
  /** The current user, or null when signed out (the REST shim turns null into 401). */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** The currency prices show in (the header's picker, issue #41) and the rates they show at. */
  currency: publicProcedure.query(({ ctx }) => ctx.services.account.displayMoney(ctx.user, ctx.req)),
  /** The header's picker: remembered in this browser, and on the account when signed in. */
  setCurrency: publicProcedure
    .input(currencyChoiceSchema)
    .mutation(({ ctx, input }) => ctx.services.account.chooseCurrency(ctx.user, ctx.res, input.currency)),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.signIn(input, ctx.req.ip);
    await startSession(ctx.req, user.id, ctx.clock.now());
    return user;
  }),

  /** The same answer for a new and an existing address; nobody is signed in until the mailed link is opened. */
  signUp: publicProcedure
    .input(signUpSchema)
    .mutation(({ ctx, input }) => ctx.services.account.signUp(input, ctx.req.ip)),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx.req);
    return { ok: true as const };
  }),

  /** The mailed confirmation link: confirms the address and signs its owner in on this browser. */
  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.verifyEmail(input.token);
    if (ctx.user?.id !== user.id) await startSession(ctx.req, user.id, ctx.clock.now());
    return user;
  }),
  resendVerification: authedProcedure.mutation(({ ctx }) => ctx.services.account.resendVerification(ctx.user)),

  requestPasswordReset: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => ctx.services.account.requestPasswordReset(input.email, ctx.req.ip)),
  /** A reset ends every session of the account, then signs this browser in with the new password. */
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.resetPassword(input);
    await startSession(ctx.req, user.id, ctx.clock.now());
    return user;
  }),

  changePassword: authedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.account.changePassword(ctx.user, input, currentSessionId(ctx.req), ctx.req.ip),
    ),
  changeEmail: authedProcedure
    .input(changeEmailSchema)
    .mutation(({ ctx, input }) => ctx.services.account.changeEmail(ctx.user, input, ctx.req.ip)),

  sessions: authedProcedure.query(({ ctx }) => ctx.services.account.listSessions(ctx.user.id, currentSessionId(ctx.req))),
  endSession: authedProcedure.input(sessionIdSchema).mutation(async ({ ctx, input }) => {
    if (input.sessionId === currentSessionId(ctx.req)) {
      await endSession(ctx.req);
      return { ok: true as const };
    }
    return ctx.services.account.endSession(ctx.user.id, input.sessionId);
  }),
  endOtherSessions: authedProcedure.mutation(({ ctx }) =>
    ctx.services.account.endOtherSessions(ctx.user.id, currentSessionId(ctx.req)),
  ),

  exportData: authedProcedure.query(({ ctx }) => ctx.services.account.exportData(ctx.user, currentSessionId(ctx.req))),
  deleteAccount: authedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.account.deleteAccount(ctx.user, input.currentPassword, ctx.req.ip);
    await endSession(ctx.req);
    return { ok: true as const };
  }),

  /** The /profile page: the signed-in user's own orders (their sessions are bookings.clientSessions). */
  orders: authedProcedure.query(({ ctx }) => ctx.services.account.orders(ctx.user.id)),
});
