import { signInSchema, signUpSchema } from "../../../src/schemas/auth";
import { authedProcedure, publicProcedure, router } from "../../platform/trpc/init";
import { endSession, startSession } from "./session";

/** Sign-in, sessions and the /profile page's own lists: the signed-in user's, never anybody else's. */
export const accountRouter = router({
  /** The current user, or null when signed out (the REST shim turns null into 401). */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.signIn(input, ctx.req.ip);
    await startSession(ctx.req, user.id, ctx.clock.now());
    return user;
  }),

  signUp: publicProcedure.input(signUpSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.signUp(input, ctx.req.ip);
    await startSession(ctx.req, user.id, ctx.clock.now());
    return user;
  }),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx.req);
    return { ok: true as const };
  }),

  /** The /profile page: the signed-in user's own consultations and orders. */
  consultations: authedProcedure.query(({ ctx }) => ctx.services.account.consultations(ctx.user.id)),
  orders: authedProcedure.query(({ ctx }) => ctx.services.account.orders(ctx.user.id)),
});
