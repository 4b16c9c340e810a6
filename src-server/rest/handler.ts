import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { appRouter } from "../routers";
import { createCallerFactory } from "../trpc/init";
import { createContext, type Context } from "../trpc/context";
import { httpErrorOf } from "../trpc/errors";
import type { Db } from "../../db/client";
import type { Services } from "../services";

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/**
 * A REST shim: one implementation (the tRPC procedure), two doors. Failures answer with their
 * status code and a plain-text body, as SPEC §8's generic error contract expects.
 */
export function restHandler<T>(
  deps: { db: Db; services: Services },
  run: (caller: Caller, req: FastifyRequest, ctx: Context) => Promise<T>,
): RouteHandlerMethod {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const ctx = await createContext(deps, req, reply);
      const result = await run(createCaller(ctx), req, ctx);
      if (reply.sent) return reply;
      return reply.send(result ?? null);
    } catch (error) {
      const { status, message } = httpErrorOf(error);
      if (status >= 500) req.log.error({ err: error }, "REST handler failed");
      return reply.code(status).type("text/plain; charset=utf-8").send(message);
    }
  };
}
