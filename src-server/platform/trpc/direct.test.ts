import { describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { AnyTRPCRouter, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";
import { AppError } from "../../../src/errors";
import { systemClock } from "../clock";
import type { AppServices, Context } from "./context";
import { authedProcedure, publicProcedure, router } from "./init";
import { answerDirectly } from "./direct";

const appRouter = router({
  echo: publicProcedure
    .input(z.object({ n: z.number() }))
    .query(({ input }) => ({ n: input.n, at: new Date(Date.UTC(2026, 0, 2)), tags: new Set(["a"]) })),
  plain: publicProcedure.query(() => "plain"),
  mine: authedProcedure.query(({ ctx }) => ctx.user.id),
  missing: publicProcedure.query(() => {
    throw new AppError("NOT_FOUND", "Seer Not Found");
  }),
  boom: publicProcedure.query(() => {
    throw new Error("secret detail");
  }),
  add: publicProcedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n + 1),
  stamp: authedProcedure.mutation(({ ctx }) => ({ by: ctx.user.id, at: new Date(Date.UTC(2026, 0, 3)) })),
  refuse: publicProcedure.mutation(() => {
    throw new AppError("CONFLICT", "Sold out");
  }),
});
const emptyRouter = router({});

function createContext(req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const id = req.headers["x-user"];
  const user =
    typeof id === "string"
      ? {
          id,
          email: "u@x.co",
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          role: "client" as const,
          emailVerified: true,
          secondFactor: false,
        }
      : null;
  return Promise.resolve({ services: {} as AppServices, clock: systemClock, user, req, res, locale: "en" });
}

/** tRPC's fastify plugin over `handlerRouter`, with or without the direct answer of queries over `appRouter` before it. */
async function build(direct: boolean, handlerRouter: AnyTRPCRouter): Promise<{ app: FastifyInstance; errors: string[] }> {
  const errors: string[] = [];
  const onError = ({ error, path }: { error: TRPCError; path?: string }) => errors.push(`${path ?? "?"}:${error.code}`);
  const app = Fastify({ genReqId: () => "req-1" });
  await app.register(async (scope) => {
    if (direct) scope.addHook("preHandler", answerDirectly({ router: appRouter, createContext, onError }));
    await scope.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: handlerRouter,
        createContext: ({ req, res }: CreateFastifyContextOptions) => createContext(req, res),
        onError,
      },
    });
  });
  return { app, errors };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(value)));
const batchInput = (...values: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(values.map((v, i) => [i, superjson.serialize(v)]))));

const body = (value: unknown) => JSON.stringify(superjson.serialize(value));
const batchBody = (...values: unknown[]) => JSON.stringify(Object.fromEntries(values.map((v, i) => [i, superjson.serialize(v)])));

/** Queries and mutations, alone and batched, answered or refused by the procedures. */
const calls: { url: string; method?: "POST"; body?: string; headers?: Record<string, string> }[] = [
  { url: `/trpc/echo?input=${input({ n: 1 })}` },
  { url: "/trpc/plain" },
  { url: `/trpc/echo,plain?batch=1&input=${batchInput({ n: 2 })}` },
  { url: `/trpc/plain,missing,echo?batch=1&input=${batchInput(undefined, undefined, { n: 3 })}` },
  { url: "/trpc/missing" },
  { url: "/trpc/mine" },
  { url: "/trpc/mine", headers: { "x-user": "u-1" } },
  { url: `/trpc/echo?input=${input({ n: "x" })}` },
  { url: `/trpc/echo?input=${input({ n: 1, note: "a\u0000b" })}` },
  { url: "/trpc/boom" },
  { url: "/trpc/add", method: "POST", body: body({ n: 1 }) },
  { url: "/trpc/add,add?batch=1", method: "POST", body: batchBody({ n: 1 }, { n: 5 }) },
  { url: "/trpc/add,refuse?batch=1", method: "POST", body: batchBody({ n: 1 }) },
  { url: "/trpc/add", method: "POST", body: body({ n: "x" }) },
  { url: "/trpc/stamp?batch=1", method: "POST", body: "{}" },
  { url: "/trpc/stamp?batch=1", method: "POST", body: "{}", headers: { "x-user": "u-2" } },
  { url: "/trpc/refuse", method: "POST", body: "{}" },
];
/** What is left to tRPC's own handler. */
const others: { url: string; method?: "POST"; body?: string; contentType?: string }[] = [
  { url: "/trpc/echo?input=not-json" },
  { url: "/trpc/nowhere" },
  { url: `/trpc/add?input=${input({ n: 1 })}` },
  { url: "/trpc/plain", method: "POST", body: "{}" },
  { url: "/trpc/add,plain?batch=1", method: "POST", body: batchBody({ n: 1 }) },
  { url: "/trpc/add", method: "POST", body: "not json" },
  { url: "/trpc/add", method: "POST", body: body({ n: 1 }), contentType: "text/plain" },
  { url: `/trpc/plain,add?batch=1&input=${batchInput(undefined, { n: 1 })}` },
  { url: `/trpc/plain?batch=1&input=${encodeURIComponent("[1]")}` },
];

async function answer(
  app: FastifyInstance,
  request: { url: string; method?: "POST"; body?: string; headers?: Record<string, string>; contentType?: string },
) {
  const response = await app.inject({
    method: request.method ?? "GET",
    url: request.url,
    headers: { ...request.headers, ...(request.body ? { "content-type": request.contentType ?? "application/json" } : {}) },
    ...(request.body ? { payload: request.body } : {}),
  });
  return {
    status: response.statusCode,
    type: response.headers["content-type"],
    vary: response.headers.vary,
    body: response.body,
  };
}

describe("queries and mutations answered by the procedures directly", () => {
  it("answers every call exactly as tRPC's handler does: status, headers, body, errors and their logging", async () => {
    const trpcOnly = await build(false, appRouter);
    const direct = await build(true, appRouter);
    // The direct answers do not come from tRPC's handler: behind them it knows no procedure at all.
    const directOnly = await build(true, emptyRouter);
    const statuses: number[] = [];
    for (const request of calls) {
      const expected = await answer(trpcOnly.app, request);
      statuses.push(expected.status);
      expect(await answer(direct.app, request), request.url).toEqual(expected);
      expect(await answer(directOnly.app, request), request.url).toEqual(expected);
    }
    expect(statuses).toEqual([200, 200, 200, 207, 404, 401, 200, 400, 400, 500, 200, 200, 207, 400, 401, 200, 409]);
    expect(direct.errors).toEqual(trpcOnly.errors);
    expect(directOnly.errors).toEqual(trpcOnly.errors);
    expect(JSON.stringify(await answer(direct.app, calls[0] ?? { url: "" }))).not.toContain("secret detail");
    await Promise.all([trpcOnly.app.close(), direct.app.close(), directOnly.app.close()]);
  });

  it("leaves mutations by GET, queries by POST, unknown paths and input it cannot read to tRPC's handler, unchanged", async () => {
    const trpcOnly = await build(false, appRouter);
    const direct = await build(true, appRouter);
    const directOnly = await build(true, emptyRouter);
    const emptyOnly = await build(false, emptyRouter);
    for (const request of others) {
      const expected = await answer(trpcOnly.app, request);
      expect(await answer(direct.app, request), request.url).toEqual(expected);
      // Behind an empty router, each is answered as tRPC's handler answers it alone: the direct path did not.
      expect(await answer(directOnly.app, request), request.url).toEqual(await answer(emptyOnly.app, request));
    }
    await Promise.all([trpcOnly.app.close(), direct.app.close(), directOnly.app.close(), emptyOnly.app.close()]);
  });
});
