import type { FastifyReply, FastifyRequest } from "fastify";

/** Before a socket's upgrade: a page of another origin never opens a socket with our cookie. */
export function sameOriginOnly(publicHost: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    let host: string | undefined;
    try {
      host = origin ? new URL(origin).host : undefined;
    } catch {
      host = undefined;
    }
    if (!host || (host !== req.headers.host && host !== publicHost)) {
      return reply.code(403).send({ error: "Forbidden", message: "Cross-origin socket refused" });
    }
  };
}
