import {
  articleIdSchema,
  articleInputSchema,
  articleListInputSchema,
  articleSlugSchema,
  articleUpdateSchema,
} from "../../../src/schemas/articles";
import { TRPCError } from "@trpc/server";
import { authedProcedure, EMAIL_NOT_VERIFIED, publicProcedure, router } from "../../platform/trpc/init";

/** The Wisdom Hub: public reading of published articles; writing, editing and deleting by the author (or an admin). */
/** Drafts need no confirmed address; publishing does (docs/product.md#accounts). */
function mustBeVerified(user: { emailVerified: boolean }): void {
  if (!user.emailVerified) throw new TRPCError({ code: "FORBIDDEN", message: EMAIL_NOT_VERIFIED });
}

export const articlesRouter = router({
  list: publicProcedure.input(articleListInputSchema).query(({ ctx, input }) => ctx.services.articles.listPublished(input)),

  categories: publicProcedure.query(({ ctx }) => ctx.services.articles.categories()),

  /** A draft is found only by its author; everyone else gets 'Article Not Found'. */
  bySlug: publicProcedure.input(articleSlugSchema).query(({ ctx, input }) => ctx.services.articles.bySlug(input.slug, ctx.user)),

  /** Fired once per page view by the article screen, so refetching the article never counts twice. */
  recordView: publicProcedure.input(articleSlugSchema).mutation(({ ctx, input }) =>
    ctx.services.articles.recordView(input.slug, { userId: ctx.user?.id, ip: ctx.req.ip, userAgent: ctx.req.headers["user-agent"] }),
  ),

  mine: authedProcedure.query(({ ctx }) => ctx.services.articles.mine(ctx.user.id)),

  forEdit: authedProcedure.input(articleIdSchema).query(({ ctx, input }) => ctx.services.articles.forEdit(input.id, ctx.user)),

  create: authedProcedure.input(articleInputSchema).mutation(({ ctx, input }) => {
    if (input.isPublished) mustBeVerified(ctx.user);
    return ctx.services.articles.create(ctx.user.id, input);
  }),

  update: authedProcedure.input(articleUpdateSchema).mutation(({ ctx, input: { id, ...input } }) => {
    if (input.isPublished) mustBeVerified(ctx.user);
    return ctx.services.articles.update(id, ctx.user, input);
  }),

  remove: authedProcedure.input(articleIdSchema).mutation(({ ctx, input }) => ctx.services.articles.remove(input.id, ctx.user)),
});
