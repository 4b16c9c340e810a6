import { trpc, type RouterOutputs } from "../trpc";

export type SignedInUser = NonNullable<RouterOutputs["account"]["me"]>;

/** docs/product.md#api/§9: after a 'Login Required' toast, the sign-in page follows 500 ms later. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export type AuthState =
  | { status: "loading"; user: undefined }
  | { status: "signed-in"; user: SignedInUser }
  | { status: "signed-out"; user: undefined }
  | { status: "unreachable"; user: undefined };

/** While the server cannot be reached, the current-user call is tried again this often. */
export const RECONNECT_INTERVAL_MS = 5000;

/**
 * The auth states of docs/product.md#routes-and-screens: loading, signed-in (the current-user call returned a user),
 * signed-out (it returned none), and unreachable (it failed: the network or the server is down, which is never taken
 * for a sign-out; the call is retried until it answers).
 */
export function useAuth(): AuthState {
  const me = trpc.account.me.useQuery(undefined, {
    retry: false,
    refetchInterval: (query) => (query.state.status === "error" ? RECONNECT_INTERVAL_MS : false),
  });
  if (me.data) return { status: "signed-in", user: me.data };
  if (me.isPending) return { status: "loading", user: undefined };
  if (me.isError) return { status: "unreachable", user: undefined };
  return { status: "signed-out", user: undefined };
}

/** The login address, with a way back to where the visitor is now. */
export function loginHref(returnTo: string = currentPath()): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The login page after `delayMs`, returning to `returnTo` (by default the page the person is on). */
export function redirectToLogin(returnTo?: string, delayMs = LOGIN_REDIRECT_DELAY_MS): () => void {
  const timer = window.setTimeout(() => window.location.assign(loginHref(returnTo)), delayMs);
  return () => window.clearTimeout(timer);
}

function currentPath(): string {
  return typeof window === "undefined" ? "/" : window.location.pathname + window.location.search;
}

/** docs/product.md#errors-and-messages: an error whose message starts with 401 and mentions Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const data = (error as { data?: { httpStatus?: number } }).data;
  if (data?.httpStatus === 401) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && message.startsWith("401") && message.includes("Unauthorized");
}
