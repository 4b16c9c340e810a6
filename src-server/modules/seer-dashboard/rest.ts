import type { FastifyInstance } from "fastify";
import type { SeerTimezone } from "../../../src/schemas/dashboard";
import { jsonBody, pathParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { seerDashboardRouter } from "./router";

const route = restRoute(createCallerFactory(router({ seerDashboard: seerDashboardRouter })));

/** PUT /api/seers/{id}/timezone (docs/product.md#api), through the same procedure as the dashboard. */
export function registerSeerDashboardRoutes(app: FastifyInstance): void {
  app.put(
    "/api/seers/:id/timezone",
    // The procedure's schema checks the value against the 12 zones; an unknown one is answered 400.
    route((caller, req) =>
      caller.seerDashboard.setTimezone({ seerId: pathParam(req, "id"), timezone: jsonBody<{ timezone: SeerTimezone }>(req).timezone }),
    ),
  );
}
