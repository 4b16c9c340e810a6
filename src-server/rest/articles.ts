import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { ArticleInput } from "../../src/schemas/articles";
import type { Services } from "../services";
import { restHandler } from "./handler";

const param = (params: unknown, name: "id" | "slug"): string => (params as Record<string, string>)[name] ?? "";
/** A query value as one string: a repeated ?search=a&search=b keeps the first. */
const queryValue = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
};
/** The JSON body, unchecked: the procedure's input schema validates it, exactly as for the tRPC door. */
const body = (req: { body: unknown }): ArticleInput =>
  (typeof req.body === "object" && req.body !== null && !Array.isArray(req.body) ? req.body : {}) as ArticleInput;

/** SPEC §7's article paths, each through the same procedure as the client. */
export function registerArticleRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  app.get(
    "/api/articles",
    restHandler(deps, (caller, req) =>
      caller.articles.list({ category: queryValue(req.query, "category"), search: queryValue(req.query, "search") }),
    ),
  );

  app.get(
    "/api/article-categories",
    restHandler(deps, (caller) => caller.articles.categories()),
  );

  // Two segments after /api/articles, so it never competes with /api/articles/:slug.
  app.get(
    "/api/articles/edit/:id",
    restHandler(deps, (caller, req) => caller.articles.forEdit({ id: param(req.params, "id") })),
  );

  app.get(
    "/api/articles/:slug",
    restHandler(deps, (caller, req) => caller.articles.bySlug({ slug: param(req.params, "slug") })),
  );

  app.get(
    "/api/my-articles",
    restHandler(deps, (caller) => caller.articles.mine()),
  );

  app.post(
    "/api/articles",
    restHandler(deps, (caller, req) => caller.articles.create(body(req))),
  );

  app.patch(
    "/api/articles/:id",
    restHandler(deps, (caller, req) => caller.articles.update({ ...body(req), id: param(req.params, "id") })),
  );

  app.delete(
    "/api/articles/:id",
    restHandler(deps, (caller, req) => caller.articles.remove({ id: param(req.params, "id") })),
  );
}
