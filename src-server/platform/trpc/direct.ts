import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import {
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  type TRPCError,
} from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";

type CallType = "query" | "mutation";

/** What tRPC's fastify plugin is given as onError, called with the Fastify request as tRPC's adapter does. */
type OnError = (opts: {
  error: TRPCError;
  path: string;
  input: unknown;
  ctx: unknown;
  type: CallType;
  req: FastifyRequest;
}) => void;

interface Call {
  path: string;
  procedure: AnyTRPCProcedure;
  input: unknown;
}

/**
 * The calls of a request, as tRPC reads them: queries sent by GET (their input in the URL), mutations sent by POST as
 * JSON (their input in the body, which tRPC's plugin leaves a string). Null when anything about it is not a plain call.
 */
function callsOf(router: AnyTRPCRouter, req: FastifyRequest): { calls: Call[]; batch: boolean; type: CallType } | null {
  if (req.headers["trpc-accept"] !== undefined) return null;
  let type: CallType;
  if (req.method === "GET") type = "query";
  else if (req.method === "POST" && typeof req.body === "string" && req.headers["content-type"]?.startsWith("application/json"))
    type = "mutation";
  else return null;
  const url = req.raw.url ?? "";
  const queryAt = url.indexOf("?");
  const search = new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1));
  if (search.has("connectionParams")) return null;
  const batch = search.get("batch") === "1";
  // The route's :path parameter, decoded once more, as tRPC's adapter reads it.
  const param = (req.params as { path?: unknown } | undefined)?.path;
  if (typeof param !== "string") return null;
  let paths: string[];
  try {
    paths = batch ? decodeURIComponent(param).split(",") : [decodeURIComponent(param)];
  } catch {
    return null;
  }
  let inputs: unknown;
  try {
    const raw = type === "query" ? search.get("input") : (req.body as string);
    inputs = raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
  const deserialize = (value: unknown) => router._def._config.transformer.input.deserialize(value) as unknown;
  const calls: Call[] = [];
  for (const [index, path] of paths.entries()) {
    // Only procedures already loaded, and only of the request's own type: everything else is tRPC's to answer (or
    // refuse).
    const procedure = Object.hasOwn(router._def.procedures, path)
      ? (router._def.procedures as Record<string, AnyTRPCProcedure>)[path]
      : undefined;
    if (!procedure || procedure._def.type !== type) return null;
    let raw: unknown;
    if (batch) {
      if (inputs === undefined) raw = undefined;
      else if (typeof inputs === "object" && inputs !== null && !Array.isArray(inputs))
        raw = (inputs as Record<string, unknown>)[index];
      else return null;
    } else raw = inputs;
    try {
      calls.push({ path, procedure, input: raw === undefined ? undefined : deserialize(raw) });
    } catch {
      return null;
    }
  }
  return { calls, batch, type };
}

/**
 * A preHandler for tRPC's routes: a GET of one query or a batch of queries, and a JSON POST of one mutation or a batch
 * of mutations (the client's httpBatchLink), are answered here with exactly the status, headers and body tRPC's own
 * handler would send (its public helpers shape the results and errors), but straight from the procedures: without the
 * fetch adapter's web Request, Headers, AbortController and streamed Response for every call, which cost half of a
 * public read's time and a sixth of a checkout's (issue #18, docs/decisions.md). Anything else (subscriptions,
 * streaming, mixed or unknown or lazy paths, input that is not JSON, other content types) goes on to tRPC's handler
 * untouched; nothing has run by then.
 */
export function answerDirectly<Ctx>(opts: {
  router: AnyTRPCRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Ctx>;
  onError: OnError;
}): preHandlerAsyncHookHandler {
  const config = opts.router._def._config;
  return async (req, reply) => {
    const parsed = callsOf(opts.router, req);
    if (!parsed) return;
    let ctx: Ctx | undefined;
    type Result = { call: Call; data: unknown; error?: undefined } | { call: Call; error: TRPCError };
    const results = await (async (): Promise<Result[]> => {
      try {
        ctx = await opts.createContext(req, reply);
      } catch (cause) {
        // As tRPC: a failed context fails every call of the request.
        const error = getTRPCErrorFromUnknown(cause);
        return parsed.calls.map((call) => ({ call, error }));
      }
      return Promise.all(
        parsed.calls.map(async (call, batchIndex): Promise<Result> => {
          try {
            const data: unknown = await call.procedure({
              path: call.path,
              getRawInput: () => Promise.resolve(call.input),
              ctx,
              type: parsed.type,
              signal: undefined,
              batchIndex,
            });
            return { call, data };
          } catch (cause) {
            return { call, error: getTRPCErrorFromUnknown(cause) };
          }
        }),
      );
    })();
    const items = results.map((r) => {
      if (!r.error) return { result: { data: r.data } };
      opts.onError({ error: r.error, path: r.call.path, input: r.call.input, ctx, type: parsed.type, req });
      return {
        error: getTRPCErrorShape({ config, error: r.error, type: parsed.type, path: r.call.path, input: r.call.input, ctx }),
      };
    });
    const body = parsed.batch ? items : items[0];
    if (body === undefined) return;
    return (
      reply
        .code(getHTTPStatusCode(items))
        .header("vary", "trpc-accept, accept")
        // tRPC's exact header: as bytes, the body keeps it without the charset Fastify adds to a JSON string.
        .header("content-type", "application/json")
        .send(Buffer.from(JSON.stringify(transformTRPCResponse(config, body))))
    );
  };
}
