import { hashSessionId } from "./session-store";
import type { FastifyRequest } from "fastify";

/** A new session id at every sign-in (no fixation), carrying only the user id. */
export async function startSession(req: FastifyRequest, userId: string, now: Date): Promise<void> {
  await req.session.regenerate();
  req.session.set("userId", userId);
  req.session.set("renewedAt", now.getTime());
  // Shown in the profile's list of one's sessions.
  req.session.set("createdAt", now.getTime());
  const agent = req.headers["user-agent"];
  if (agent) req.session.set("userAgent", agent.slice(0, 300));
}

/** The stored id (SHA-256) of the request's session, as the profile's session list names it. */
export const currentSessionId = (req: FastifyRequest): string => hashSessionId(req.session.sessionId);

export async function endSession(req: FastifyRequest): Promise<void> {
  if (req.session.get("userId") !== undefined || req.session.isSaved()) await req.session.destroy();
}
