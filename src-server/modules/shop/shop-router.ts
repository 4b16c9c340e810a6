import { productListInputSchema, productSlugSchema } from "../../../src/schemas/shop";
import { publicProcedure, router } from "../../platform/trpc/init";

/** The Sacred Market's public reads: active products and categories. */
export const shopRouter = router({
  /** Active products, oldest first; the home page asks for { limit: 6 }. */
  products: publicProcedure
    .input(productListInputSchema)
    .query(({ ctx, input }) => ctx.services.shop.list({ ...input, cursor: input.cursor ?? input.from })),

  product: publicProcedure.input(productSlugSchema).query(({ ctx, input }) => ctx.services.shop.bySlug(input.slug)),

  categories: publicProcedure.query(({ ctx }) => ctx.services.shop.categories()),
});
