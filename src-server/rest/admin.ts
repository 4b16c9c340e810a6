import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { Services } from "../services";
import { restHandler } from "./handler";

export function registerAdminRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  app.get<{ Querystring: { status?: string } }>(
    "/api/admin/seer-applications",
    restHandler(deps, async (caller, req) => {
      const { status } = req.query as { status?: "pending" | "approved" | "rejected" };
      return (await caller.admin.seerApplications(status ? { status } : undefined)).applications;
    }),
  );

  app.get(
    "/api/admin/bookings",
    restHandler(deps, (caller) => caller.admin.bookings()),
  );

  app.patch<{ Params: { id: string } }>(
    "/api/admin/seer-applications/:id",
    restHandler(deps, (caller, req) => {
      const body = (req.body ?? {}) as { status?: "approved" | "rejected"; reviewNotes?: string | null };
      const { id } = req.params as { id: string };
      return caller.admin.reviewApplication({
        id,
        status: body.status as "approved" | "rejected",
        reviewNotes: body.reviewNotes,
      });
    }),
  );
}
