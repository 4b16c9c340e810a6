import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import { httpBatchLink, type TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";
import { askConfirmation, isConfirmationRefusal, isSecondFactorRefusal, SECURITY_SETTINGS_PATH } from "./lib/confirm-identity";
// The only place the client names server code, and only as a type (.dependency-cruiser.cjs).
import type { AppRouter } from "../src-server/modules";

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers and takes, e.g. RouterOutputs["bookings"]["byId"]: the client's types of server data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** docs/product.md#api: no retries, never stale, no refetch on focus or on a timer. */
/** In the browser, an admin refused the console for want of a second factor goes to the security settings. */
function toSecuritySettings(error: unknown): void {
  if (typeof window === "undefined" || !isSecondFactorRefusal(error)) return;
  if (window.location.pathname + window.location.hash !== SECURITY_SETTINGS_PATH) window.location.assign(SECURITY_SETTINGS_PATH);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toSecuritySettings }),
    mutationCache: new MutationCache({
      onError: (error, variables, _result, mutation) => {
        toSecuritySettings(error);
        // A sensitive action refused for want of a fresh confirmation: asked for, then sent again as it was.
        if (isConfirmationRefusal(error) && typeof window !== "undefined")
          void askConfirmation().then((confirmed) => (confirmed ? mutation.execute(variables).catch(() => undefined) : undefined));
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient(baseUrl = "") {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** A link to the procedures: the server's renderer of public pages calls them in-process through one (ssr.tsx). */
export type AppLink = TRPCLink<AppRouter>;

export function createTrpcClientOver(link: AppLink): TrpcClient {
  return trpc.createClient({ links: [link] });
}

export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils({ queryClient, client });
}

export type TrpcUtils = ReturnType<typeof createTrpcUtils>;
