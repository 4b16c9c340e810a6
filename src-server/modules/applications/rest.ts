import type { FastifyInstance } from "fastify";
import type { SeerApplicationInput } from "../../../src/schemas/applications";
import { jsonBody, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { applicationsRouter } from "./router";

const route = restRoute(createCallerFactory(router({ applications: applicationsRouter })));

export function registerApplicationRoutes(app: FastifyInstance): void {
  // The body's userId (docs/product.md#api) is ignored: the procedure takes the applicant from the session.
  app.post(
    "/api/seer-applications",
    route((caller, req) => caller.applications.submit(jsonBody<SeerApplicationInput>(req))),
  );
}
