import type { QueryClient } from "@tanstack/react-query";
import type { AppI18n } from "./lib/i18n";
import type { TrpcUtils } from "./trpc";

/**
 * What every route's `beforeLoad` and loader receive. Its own file, apart from router.tsx: routes and
 * features/account/access.ts need it, and router.tsx imports the route tree, which imports the routes.
 */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
  /** The page's language: a screen the server does not draw awaits `i18n.ensureApp()` in its `beforeLoad`. */
  i18n: AppI18n;
}
