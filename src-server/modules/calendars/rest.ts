import type { FastifyInstance } from "fastify";
import { sendError } from "../../platform/rest";

/** The feed's answer may be kept for 5 minutes by the subscribing calendar, and by no shared cache. */
const FEED_CACHE = "private, max-age=300";

/**
 * GET /calendar/{token}.ics: a person's private calendar feed, with no session (calendar apps subscribe to it). The
 * token is the only secret: an unknown or reset one answers 404.
 */
export function registerCalendarRoutes(app: FastifyInstance, feedFile: (token: string) => Promise<string>): void {
  app.get<{ Params: { file: string } }>("/calendar/:file", async (req, reply) => {
    const token = req.params.file.endsWith(".ics") ? req.params.file.slice(0, -4) : "";
    try {
      const content = await feedFile(token);
      return reply.type("text/calendar; charset=utf-8").header("cache-control", FEED_CACHE).send(content);
    } catch (err) {
      return sendError(req, reply, err);
    }
  });
}
