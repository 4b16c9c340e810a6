import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import type { RouterContext } from "./router-context";
import { NotFound } from "./components/NotFound";

export function createAppRouter(
  context: RouterContext,
  options?: { history?: Parameters<typeof createRouter>[0]["history"]; scrollRestoration?: boolean },
) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: options?.scrollRestoration ?? true,
    defaultNotFoundComponent: NotFound,
    ...(options?.history ? { history: options.history } : {}),
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
