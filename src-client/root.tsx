import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect, type ReactElement } from "react";
import { I18nProvider, type AppI18n } from "./lib/i18n";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";
import { createQueryClient, createTrpcUtils, type TrpcClient } from "./trpc";

/**
 * Marks the page as taken over by the app once its first render is committed (hydrated, or drawn in the browser):
 * from then on it answers clicks and typing. The end-to-end tests wait for it.
 */
function AppReady() {
  useEffect(() => document.documentElement.setAttribute("data-app-ready", ""), []);
  return null;
}

/**
 * The whole app around one tRPC client: its query cache, its router and the element to render. The browser
 * (main.tsx) and the server's renderer of public pages (ssr.tsx) build the same tree, so the server's HTML is what
 * the browser hydrates.
 */
export function createApp(
  trpcClient: TrpcClient,
  history: Parameters<typeof createAppRouter>[1] | undefined,
  i18n: AppI18n,
) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, trpc: createTrpcUtils(queryClient, trpcClient), i18n }, { ...history, locale: i18n.locale });
  const element: ReactElement = (
    <StrictMode>
      <I18nProvider value={i18n}>
        <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </I18nProvider>
      <AppReady />
    </StrictMode>
  );
  return { queryClient, router, element, i18n };
}
