import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { AppError, type AppErrorCode } from "../../../src/errors";

const trpcCode: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNPROCESSABLE_CONTENT: "UNPROCESSABLE_CONTENT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCode[error.code], message: error.message, cause: error });
}

/** Status and plain-text message for any error reaching a REST shim (SPEC §8's generic contract). */
export function httpErrorOf(error: unknown): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return { status: error.cause.status, message: error.cause.message };
    const status = getHTTPStatusCodeFromError(error);
    if (error.code === "BAD_REQUEST" && error.cause && "issues" in error.cause) {
      const issues = (error.cause as { issues: { path: PropertyKey[]; message: string }[] }).issues;
      return {
        status,
        message: issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; "),
      };
    }
    return { status, message: status === 500 ? "Internal Server Error" : error.message };
  }
  return { status: 500, message: "Internal Server Error" };
}
