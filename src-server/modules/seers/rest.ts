import type { FastifyInstance } from "fastify";
import { pathParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { seersRouter } from "./router";

const route = restRoute(createCallerFactory(router({ seers: seersRouter })));

/** The Seer paths of docs/product.md#api, each through the same procedure as the client. */
export function registerSeerRoutes(app: FastifyInstance): void {
  // The documented call takes no paging, so this door answers the whole approved list (the directory pages through tRPC).
  app.get(
    "/api/seers",
    route((caller) => caller.seers.listAll()),
  );
  app.get(
    "/api/seers/:id",
    route((caller, req) => caller.seers.byId({ id: pathParam(req, "id") })),
  );
  app.get(
    "/api/seers/:id/reviews",
    route((caller, req) => caller.seers.reviews({ id: pathParam(req, "id") })),
  );
}
