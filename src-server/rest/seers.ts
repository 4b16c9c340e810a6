import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import type { Services } from "../services";
import { restHandler } from "./handler";

const idParam = (params: unknown): string => (params as { id: string }).id;

/** SPEC §7's Seer paths; the profile and reviews go through the same procedures as the client. */
export function registerSeerRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  // The documented call takes no paging, so this door answers the whole approved list (the directory pages through tRPC).
  app.get(
    "/api/seers",
    restHandler(deps, (_caller, _req, ctx) => ctx.services.seers.listAllApproved()),
  );

  app.get(
    "/api/seers/:id",
    restHandler(deps, (caller, req) => caller.seers.byId({ id: idParam(req.params) })),
  );

  app.get(
    "/api/seers/:id/reviews",
    restHandler(deps, (caller, req) => caller.seers.reviews({ id: idParam(req.params) })),
  );
}
