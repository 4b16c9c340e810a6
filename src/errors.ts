/**
 * The one error type that services throw, and the one table of its HTTP statuses. Its codes are tRPC's names, so
 * src-server/platform/trpc/errors.ts passes them through; nothing else in the server picks status codes.
 */
export const appErrorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
} as const;

export type AppErrorCode = keyof typeof appErrorStatus;

export class AppError extends Error {
  readonly code: AppErrorCode;
  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
  }
  get status(): number {
    return appErrorStatus[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
