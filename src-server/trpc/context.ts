import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import type { Services } from "../services";
import type { CurrentUser } from "../services/users";

export interface Context {
  db: Db;
  services: Services;
  user: CurrentUser | null;
  req: FastifyRequest;
  res: FastifyReply;
}

/** Built per request from the session: the user is loaded once, here, and narrowed by the procedure ladder. */
export async function createContext(
  deps: { db: Db; services: Services },
  req: FastifyRequest,
  res: FastifyReply,
): Promise<Context> {
  const userId = req.session.get("userId");
  const user = userId ? await deps.services.users.findById(userId) : null;
  return { db: deps.db, services: deps.services, user, req, res };
}
