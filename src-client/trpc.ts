import { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import { httpBatchLink, type TRPCLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";
// The only place the client names server code, and only as a type (.dependency-cruiser.cjs).
import type { AppRouter } from "../src-server/modules";

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers and takes, e.g. RouterOutputs["bookings"]["byId"]: the client's types of server data. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** docs/product.md#api: no retries, never stale, no refetch on focus or on a timer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
