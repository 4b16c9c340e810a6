import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { DEFAULT_LOCALE } from "../../../src/i18n/locales";
import { AppError } from "../../../src/errors";
import { CONFIRM_IT_IS_YOU, FRESH_CONFIRMATION_MS, SET_UP_SECOND_FACTOR } from "../../../src/domain/second-factor";
import type { AdminActor } from "../audit";
import type { Context } from "./context";
import { internalErrorMessage, NUL_REFUSED, requestIdOf, toTRPCError } from "./errors";
import { flattenIn, translateRefusal, zodMessageIn } from "./refusals";
import { transformer } from "./transformer";

const t = initTRPC.context<Context>().create({
  // superjson on the wire (the client reads it with superjson), plain data sent without its walk.
  transformer,
  errorFormatter({ shape, error, ctx }) {
    // A refusal and zod's messages in the request's language (issue #45): found by their English (./refusals.ts).
    const locale = ctx?.locale ?? DEFAULT_LOCALE;
    const invalid = error.cause instanceof ZodError ? error.cause : null;
    const zodError = invalid ? flattenIn(invalid, locale) : null;
    // Anything unexpected answers a generic message and the request id, in every environment; the log has the rest.
    const message =
      shape.data.httpStatus >= 500
        ? internalErrorMessage(ctx?.req.id ?? requestIdOf(error))
        : invalid && shape.message === invalid.message
          ? zodMessageIn(invalid, locale)
          : translateRefusal(shape.message, locale);
    return { ...shape, message, data: { ...shape.data, stack: undefined, zodError } };
  },
});

/** A UTF-16 surrogate not paired with its other half: in a u-flag pattern a valid pair is one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when any string (or key) in a parsed input holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  // NUL and lone surrogates: PostgreSQL stores neither (a lone surrogate is not UTF-8), so both answer 400, not 500.
  if (typeof value === "string") return value.includes("\u0000") || LONE_SURROGATE.test(value);
  if (depth > 50 || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || LONE_SURROGATE.test(k) || holdsNul(v, depth + 1));
}

/**
 * Every procedure's first step, one middleware (each level of tRPC's middleware chain copies its options, which
 * showed in CPU profiles under load):
 * - its raw input is refused when it holds a NUL anywhere: no text with NUL reaches a schema or the database;
 * - services throw AppError; here it becomes the matching tRPC error, in one place.
 */
const guarded = t.middleware(async ({ getRawInput, next }) => {
  if (holdsNul(await getRawInput())) throw new TRPCError({ code: "BAD_REQUEST", message: NUL_REFUSED });
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(guarded);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const seerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "seer") throw new TRPCError({ code: "FORBIDDEN", message: "This is only accessible to verified Seers." });
  return next();
});

/**
 * Admins only, and only with a second factor: without one, every admin procedure answers SET_UP_SECOND_FACTOR. The
 * context gains `admin`: who acts, through which procedure (its key), in which request and when, as the audit log
 * records it; every admin mutation hands it to its service, which writes the row in its transaction
 * (`platform/audit.ts`, docs/decisions.md on the audit log).
 */
export const adminProcedure = authedProcedure.use(({ ctx, path, next }) => {
  if (ctx.user.role !== "admin")
    throw new TRPCError({ code: "FORBIDDEN", message: "You don't have permission to access this page" });
  if (!ctx.user.secondFactor) throw new TRPCError({ code: "FORBIDDEN", message: SET_UP_SECOND_FACTOR });
  const admin: AdminActor = { id: ctx.user.id, email: ctx.user.email, action: path, requestId: ctx.req.id, at: ctx.clock.now() };
  return next({ ctx: { admin } });
});

declare module "fastify" {
  interface Session {
    /** When the session's owner last proved it is them (signing in counts; docs/product.md#security). */
    confirmedAt?: number;
  }
}

/**
 * Refuses a sensitive action (refunds, admin cancellations, role changes, payout details, deleting the account) when
 * the session's owner last confirmed it is them more than 10 minutes ago (by the app's clock): the client asks for the
 * password, a code or a passkey (account.confirm), then sends the action again.
 */
export function requireFreshConfirmation(ctx: Pick<Context, "req" | "clock">): void {
  const confirmedAt = ctx.req.session.get("confirmedAt");
  if (confirmedAt === undefined || ctx.clock.now().getTime() - confirmedAt > FRESH_CONFIRMATION_MS) {
    throw new TRPCError({ code: "FORBIDDEN", message: CONFIRM_IT_IS_YOU });
  }
}

/** The guard as a step of a procedure: `adminProcedure.use(freshlyConfirmed)`. */
export const freshlyConfirmed = t.middleware(({ ctx, next }) => {
  requireFreshConfirmation(ctx);
  return next();
});

export const EMAIL_NOT_VERIFIED =
  "Please confirm your email address first: open the link we sent you, or ask for a new one on your profile.";

/** Signed in with a confirmed address: paying, applying as a Seer (and, in the articles module, publishing). */
export const verifiedProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw new TRPCError({ code: "FORBIDDEN", message: EMAIL_NOT_VERIFIED });
  return next();
});
