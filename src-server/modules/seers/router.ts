import { seerIdSchema, seerListInputSchema } from "../../../src/schemas/seers";
import { authedProcedure, publicProcedure, router } from "../../platform/trpc/init";

/** The Seer directory and profiles: public reads of approved Seers, plus a Seer's own profile. */
export const seersRouter = router({
  list: publicProcedure
    .input(seerListInputSchema)
    .query(({ ctx, input }) => ctx.services.seers.list({ ...input, cursor: input.cursor ?? input.from })),

  filterOptions: publicProcedure.query(({ ctx }) => ctx.services.seers.filterOptions()),

  byId: publicProcedure.input(seerIdSchema).query(({ ctx, input }) => ctx.services.seers.byId(input.id)),

  reviews: publicProcedure.input(seerIdSchema).query(({ ctx, input }) => ctx.services.seers.reviews(input.id)),

  /** Every approved Seer, unpaged: the documented GET /api/seers (the directory pages through `list`). */
  listAll: publicProcedure.query(({ ctx }) => ctx.services.seers.listAllApproved()),

  /** The home page's Featured Spiritual Guides: the top 3 approved by averageRating. */
  featured: publicProcedure.query(({ ctx }) => ctx.services.seers.featured()),

  /** The dashboard's own profile, whatever its verification status, or null. */
  mine: authedProcedure.query(({ ctx }) => ctx.services.seers.mine(ctx.user.id)),
});
