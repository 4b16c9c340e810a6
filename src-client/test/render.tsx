import { render, type RenderResult } from "@testing-library/react";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { englishI18n } from "../lib/english";
import { I18nProvider, type AppI18n } from "../lib/i18n";
import { AppProviders } from "../providers";
import { createAppRouter } from "../router";
import { createQueryClient, createTrpcClient, createTrpcUtils } from "../trpc";
import { TEST_ORIGIN } from "./msw";

/**
 * Renders the whole app (providers, router, layout) at a URL, talking to msw through the real tRPC client; in English
 * unless given another language's messages.
 */
export function renderApp(url: string, i18n: AppI18n = englishI18n): RenderResult & { router: ReturnType<typeof createAppRouter> } {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient(TEST_ORIGIN);
  const router = createAppRouter(
    { queryClient, trpc: createTrpcUtils(queryClient, trpcClient), i18n },
    { history: createMemoryHistory({ initialEntries: [url] }), locale: i18n.locale },
  );
  const result = render(
    <I18nProvider value={i18n}>
      <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </I18nProvider>,
  );
  return { ...result, router };
}
