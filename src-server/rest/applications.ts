import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { Services } from "../services";
import { restHandler } from "./handler";

export function registerApplicationRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  // The body's userId (SPEC §7) is ignored: the procedure takes the applicant from the session.
  app.post(
    "/api/seer-applications",
    restHandler(deps, (caller, req) => caller.applications.submit(req.body as Parameters<typeof caller.applications.submit>[0])),
  );
}
