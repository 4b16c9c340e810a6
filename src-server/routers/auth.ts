import { signInSchema, signUpSchema } from "../../src/schemas/auth";
import { endSession, startSession } from "../auth/session";
import { authedProcedure, publicProcedure, router } from "../trpc/init";

export const authRouter = router({
  /** The current user, or null when signed out (the REST shim turns null into 401). */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.users.signIn(input, ctx.req.ip);
    await startSession(ctx.req, user.id);
    return user;
  }),

  signUp: publicProcedure.input(signUpSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.users.signUp(input, ctx.req.ip);
    await startSession(ctx.req, user.id);
    return user;
  }),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx.req);
    return { ok: true as const };
  }),
});
