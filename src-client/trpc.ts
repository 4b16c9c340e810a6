import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import { httpBatchLink, type TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";
import { LOCALE_HEADER } from "../src/i18n/locales";
// The only place the client names server code, and only as a type (.dependency-cruiser.cjs).
import type { AppRouter } from "../src-server/modules";

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers and takes, e.g. RouterOutputs["bookings"]["byId"]: the client's types of server data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/**
 * What follows a refusal for want of a second factor or of a fresh confirmation (issue #47, lib/refusals.ts), fetched
 * with the first error in the browser rather than with every first load (issue #18).
 */
const refusals = () => import("./lib/refusals");
const inBrowser = () => typeof window !== "undefined";

/** docs/product.md#api: no retries, never stale, no refetch on focus or on a timer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (inBrowser()) void refusals().then((r) => r.afterQueryError(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _result, mutation) => {
        if (inBrowser()) void refusals().then((r) => r.afterMutationError(error, () => mutation.execute(variables)));
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
        // The page's language, so that the server answers a refusal in it (issue #45).
        headers: () =>
          typeof document === "undefined" || !document.documentElement.lang
            ? {}
            : { [LOCALE_HEADER]: document.documentElement.lang },
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
