import type { FastifyInstance } from "fastify";
import type { ArticleInput } from "../../../src/schemas/articles";
import { jsonBody, pathParam, queryParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { articlesRouter } from "./router";

const route = restRoute(createCallerFactory(router({ articles: articlesRouter })));

/** The article paths of docs/product.md#api, each through the same procedure as the client. */
export function registerArticleRoutes(app: FastifyInstance): void {
  app.get(
    "/api/articles",
    route((caller, req) =>
      caller.articles.list({ category: queryParam(req, "category"), search: queryParam(req, "search") }),
    ),
  );
  app.get(
    "/api/article-categories",
    route((caller) => caller.articles.categories()),
  );
  // Two segments after /api/articles, so it never competes with /api/articles/:slug.
  app.get(
    "/api/articles/edit/:id",
    route((caller, req) => caller.articles.forEdit({ id: pathParam(req, "id") })),
  );
  app.get(
    "/api/articles/:slug",
    route((caller, req) => caller.articles.bySlug({ slug: pathParam(req, "slug") })),
  );
  app.get(
    "/api/my-articles",
    route((caller) => caller.articles.mine()),
  );
  app.post(
    "/api/articles",
    route((caller, req) => caller.articles.create(jsonBody<ArticleInput>(req))),
  );
  app.patch(
    "/api/articles/:id",
    route((caller, req) => caller.articles.update({ ...jsonBody<ArticleInput>(req), id: pathParam(req, "id") })),
  );
  app.delete(
    "/api/articles/:id",
    route((caller, req) => caller.articles.remove({ id: pathParam(req, "id") })),
  );
}
