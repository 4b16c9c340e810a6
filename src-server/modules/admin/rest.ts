import type { FastifyInstance } from "fastify";
import type { ApplicationStatus } from "../../../src/domain/enums";
import type { ReviewApplicationInput } from "../../../src/schemas/applications";
import { jsonBody, pathParam, queryParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { adminRouter } from "./router";

const route = restRoute(createCallerFactory(router({ admin: adminRouter })));

/** The admin paths of docs/product.md#api, each through the same procedure as the console. */
export function registerAdminRoutes(app: FastifyInstance): void {
  app.get(
    "/api/admin/seer-applications",
    route(async (caller, req) => {
      const status = queryParam(req, "status") as ApplicationStatus | undefined;
      return (await caller.admin.seerApplications(status ? { status } : undefined)).applications;
    }),
  );
  app.get(
    "/api/admin/bookings",
    route((caller) => caller.admin.bookings()),
  );
  app.patch(
    "/api/admin/seer-applications/:id",
    route((caller, req) =>
      caller.admin.reviewApplication({ ...jsonBody<Omit<ReviewApplicationInput, "id">>(req), id: pathParam(req, "id") }),
    ),
  );
}
