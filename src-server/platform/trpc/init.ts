import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { AppError } from "../../../src/errors";
import type { Context } from "./context";
import { toTRPCError } from "./errors";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
    return { ...shape, data: { ...shape.data, stack: undefined, zodError } };
  },
});

/** Services throw AppError; here it becomes the matching tRPC error, in one place. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(appErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const seerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "seer") throw new TRPCError({ code: "FORBIDDEN", message: "This is only accessible to verified Seers." });
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin")
    throw new TRPCError({ code: "FORBIDDEN", message: "You don't have permission to access this page" });
  return next();
});
