import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { SeerTimezone } from "../../src/schemas/dashboard";
import type { Services } from "../services";
import { restHandler } from "./handler";

/** SPEC §7 PUT /api/seers/{id}/timezone, through the same procedure as the dashboard. */
export function registerDashboardRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  app.put(
    "/api/seers/:id/timezone",
    restHandler(deps, (caller, req) => {
      const { id } = req.params as { id: string };
      const { timezone } = (req.body ?? {}) as { timezone?: unknown };
      // The procedure's schema checks the value against the 12 zones; an unknown one is answered 400.
      return caller.dashboard.setTimezone({ seerId: id, timezone: timezone as SeerTimezone });
    }),
  );
}
