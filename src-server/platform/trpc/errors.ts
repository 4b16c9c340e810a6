import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { AppError, type AppErrorCode } from "../../../src/errors";
import { DEFAULT_LOCALE, type Locale } from "../../../src/i18n/locales";
import { issueMessage, translateRefusal } from "./refusals";
import type { z } from "zod";

/** AppError's codes are tRPC's own names, so the code passes through unchanged (checked here at compile time). */
const trpcCode = (code: AppErrorCode): TRPC_ERROR_CODE_KEY => code;

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCode(error.code), message: error.message, cause: error });
}

/** The answer to anything unexpected: never the error's own text (it may hold SQL), only a request id to quote. */
export const internalErrorMessage = (requestId: string | undefined): string =>
  `Internal Server Error. Request ID: ${requestId ?? "unknown"}`;

/** A text input holding a NUL character, refused before any procedure runs (PostgreSQL cannot store it). */
export const NUL_REFUSED = "Text must not contain NUL characters or broken Unicode.";

/** Request ids of failed tRPC calls whose context was never made, noted by the adapter's onError for the formatter. */
const requestIds = new WeakMap<object, string>();
export const noteRequestId = (error: object, requestId: string): void => void requestIds.set(error, requestId);
export const requestIdOf = (error: object): string | undefined => requestIds.get(error);

/**
 * Status and plain-text message for any error reaching a REST shim (docs/product.md#errors-and-messages), its refusal
 * in `locale` (issue #45; English when not given, as a caller that reads the English text needs it).
 */
export function httpErrorOf(
  error: unknown,
  requestId?: string,
  locale: Locale = DEFAULT_LOCALE,
): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: translateRefusal(error.message, locale) };
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError)
      return { status: error.cause.status, message: translateRefusal(error.cause.message, locale) };
    const status = getHTTPStatusCodeFromError(error);
    if (error.code === "BAD_REQUEST" && error.cause && "issues" in error.cause) {
      const issues = (error.cause as { issues: z.core.$ZodIssue[] }).issues;
      const messageOf = (i: z.core.$ZodIssue) => issueMessage(i, locale);
      return {
        status,
        message: issues
          .map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${messageOf(i)}` : messageOf(i)))
          .join("; "),
      };
    }
    return { status, message: status >= 500 ? internalErrorMessage(requestId) : translateRefusal(error.message, locale) };
  }
  return { status: 500, message: internalErrorMessage(requestId) };
}
