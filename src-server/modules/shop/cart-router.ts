import { cartAddSchema, cartLineIdSchema, cartSetQuantitySchema } from "../../../src/schemas/shop";
import { authedProcedure, router } from "../../platform/trpc/init";

/** A signed-in user's own cart; the service decides which lines are theirs. */
export const cartRouter = router({
  list: authedProcedure.query(({ ctx }) => ctx.services.cart.list(ctx.user.id)),

  add: authedProcedure.input(cartAddSchema).mutation(({ ctx, input }) => ctx.services.cart.add(ctx.user.id, input)),

  setQuantity: authedProcedure
    .input(cartSetQuantitySchema)
    .mutation(({ ctx, input }) => ctx.services.cart.setQuantity(ctx.user.id, input)),

  remove: authedProcedure.input(cartLineIdSchema).mutation(({ ctx, input }) => ctx.services.cart.remove(ctx.user.id, input.id)),
});
