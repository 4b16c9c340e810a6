import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { Locale } from "../../src/i18n/locales";
import { requestLocale } from "./i18n";
import type { Context } from "./trpc/context";
import { httpErrorOf } from "./trpc/errors";

/** The one plain-text error reply of every REST path: a status and its message (docs/product.md#errors). */
export function sendText(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type("text/plain; charset=utf-8").send(message);
}

/**
 * Any error as that reply: an AppError or tRPC error with its own status, anything else a logged 500. A refusal is
 * answered in the request's language (issue #45), or in `locale`: a drawn form's page's.
 */
export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  locale: Locale = requestLocale(req),
): FastifyReply {
  const { status, message } = httpErrorOf(error, req.id, locale);
  if (status >= 500) req.log.error({ err: error }, "REST request failed");
  return sendText(reply, status, message);
}

/**
 * REST shims: one implementation (the tRPC procedure), two doors. `restRoute(createCaller)` gives a module a
 * route factory whose handlers call the module's procedures with the request's context.
 */
export function restRoute<C>(createCaller: (ctx: Context) => C) {
  return <T>(run: (caller: C, req: FastifyRequest, ctx: Context) => Promise<T>): RouteHandlerMethod =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const ctx = await req.server.createContext(req, reply);
        const result = await run(createCaller(ctx), req, ctx);
        if (reply.sent) return reply;
        return reply.send(result ?? null);
      } catch (error) {
        return sendError(req, reply, error);
      }
    };
}

/** A path parameter as one string ("" when absent). */
export function pathParam(req: FastifyRequest, name: string): string {
  const value = (req.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

/** A form field or query value as one string: a repeated one (?search=a&search=b) keeps the first. */
export function formField(values: unknown, name: string): string | undefined {
  const value = (values as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === "string" ? first : undefined;
}

/** A query value as one string: a repeated ?search=a&search=b keeps the first. */
export function queryParam(req: FastifyRequest, name: string): string | undefined {
  return formField(req.query, name);
}

/**
 * The JSON body as sent, unchecked: the procedure's zod schema validates it, exactly as for the tRPC door, so the
 * type given here only satisfies the compiler.
 */
export function jsonBody<T>(req: FastifyRequest): T {
  const body = req.body;
  return (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as T;
}

/** The request's Idempotency-Key header (the first, when repeated); the procedure's schema checks it. */
export function idempotencyKeyHeader(req: FastifyRequest): string | undefined {
  const value = req.headers["idempotency-key"];
  return Array.isArray(value) ? value[0] : value;
}
