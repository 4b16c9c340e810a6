import type { AnyRouter, inferRouterContext } from "@trpc/server";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { resolveResponse, type HTTPErrorHandler } from "@trpc/server/http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";

export interface TrpcFastifyOptions<TRouter extends AnyRouter> {
  router: TRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<inferRouterContext<TRouter>>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
}

/**
 * tRPC over Fastify, as `@trpc/server/adapters/fastify` serves it but for the reply: a JSON answer is read into a
 * string and sent as one, with its length, instead of being piped from the web Response's stream (which Fastify
 * does for a Response, at a cost on every call). Anything else (a streamed batch, server-sent events) is still
 * sent as the Response itself. Register it under the tRPC prefix.
 */
export function trpcFastify<TRouter extends AnyRouter>(options: TrpcFastifyOptions<TRouter>): FastifyPluginAsync {
  return async (app) => {
    // Within this plugin only: tRPC reads the bodies itself.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
    app.removeContentTypeParser("multipart/form-data");
    app.addContentTypeParser("multipart/form-data", {}, (_req, body, done) => done(null, body));

    app.all<{ Params: { path: string } }>("/:path", async (req, reply) => {
      const raw: typeof req.raw & { body?: unknown } = req.raw;
      if (req.body !== undefined) raw.body = req.body;
      const response = await resolveResponse<TRouter>({
        router: options.router,
        req: incomingMessageToRequest(raw, reply.raw, { maxBodySize: null }),
        path: req.params.path,
        error: null,
        createContext: () => options.createContext(req, reply),
        onError: options.onError ? (o) => options.onError?.({ ...o, req }) : undefined,
      });
      const type = response.headers.get("content-type") ?? "";
      if (!type.startsWith("application/json")) return reply.send(response);
      reply.code(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(await response.text());
    });
  };
}
