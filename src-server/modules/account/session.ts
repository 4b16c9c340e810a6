import type { FastifyRequest } from "fastify";

/** A new session id at every sign-in (no fixation), carrying only the user id. */
export async function startSession(req: FastifyRequest, userId: string, now: Date): Promise<void> {
  await req.session.regenerate();
  req.session.set("userId", userId);
  req.session.set("renewedAt", now.getTime());
}

export async function endSession(req: FastifyRequest): Promise<void> {
  if (req.session.get("userId") !== undefined || req.session.isSaved()) await req.session.destroy();
}
