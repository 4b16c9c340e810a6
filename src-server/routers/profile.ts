import { authedProcedure, router } from "../trpc/init";

/** The /profile page: the signed-in user's own consultations and orders, and nobody else's. */
export const profileRouter = router({
  consultations: authedProcedure.query(({ ctx }) => ctx.services.profile.consultations(ctx.user.id)),
  orders: authedProcedure.query(({ ctx }) => ctx.services.profile.orders(ctx.user.id)),
});
