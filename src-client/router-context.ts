import type { QueryClient } from "@tanstack/react-query";
import type { TrpcUtils } from "./trpc";

/**
 * What every route's `beforeLoad` and loader receive. Its own file, apart from router.tsx: routes and
 * features/account/access.ts need it, and router.tsx imports the route tree, which imports the routes.
 */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
}
