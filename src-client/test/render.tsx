import { render, type RenderResult } from "@testing-library/react";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { AppProviders } from "../providers";
import { createAppRouter } from "../router";
import { createQueryClient, createTrpcClient, createTrpcUtils } from "../trpc";
import { TEST_ORIGIN } from "./msw";

/** Renders the whole app (providers, router, layout) at a URL, talking to msw through the real tRPC client. */
export function renderApp(url: string): RenderResult & { router: ReturnType<typeof createAppRouter> } {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient(TEST_ORIGIN);
  const router = createAppRouter(
    { queryClient, trpc: createTrpcUtils(queryClient, trpcClient) },
    { history: createMemoryHistory({ initialEntries: [url] }) },
  );
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
