import type { FastifyInstance } from "fastify";
import { AppError } from "../../src/errors";
import { safeReturnPath } from "../../src/schemas/auth";
import { endSession } from "../auth/session";
import type { Db } from "../../db/client";
import type { Services } from "../services";
import { restHandler } from "./handler";

/** The page the visitor came from, when it is on this site; else home. */
function returnPathFrom(query: unknown, referer: string | undefined, host: string | undefined): string {
  const explicit = (query as { returnTo?: unknown } | undefined)?.returnTo;
  if (typeof explicit === "string") return safeReturnPath(explicit);
  if (!referer || !host) return "/";
  try {
    const url = new URL(referer);
    return url.host === host ? safeReturnPath(url.pathname + url.search) : "/";
  } catch {
    return "/";
  }
}

export function registerAuthRoutes(app: FastifyInstance, deps: { db: Db; services: Services }): void {
  app.get(
    "/api/auth/user",
    restHandler(deps, async (caller) => {
      const user = await caller.auth.me();
      if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
      return user;
    }),
  );

  // A full-page navigation (SPEC §7): the sign-in screen, which returns the visitor where they came from.
  app.get("/api/login", async (req, reply) => {
    const returnTo = returnPathFrom(req.query, req.headers.referer, req.headers.host);
    return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`, 302);
  });

  app.get("/api/logout", async (req, reply) => {
    await endSession(req);
    return reply.redirect("/", 302);
  });
}
