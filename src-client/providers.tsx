import { MantineProvider } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { useI18n } from "./lib/i18n";
import { useToastsWanted } from "./lib/notify";
import { confirmWanted } from "./lib/wanted";
import { cssVariablesResolver, theme } from "./theme";
import { trpc, type TrpcClient } from "./trpc";

const Toasts = lazy(() => import("./components/layout/Toasts"));
const ConfirmIdentityDialog = lazy(() =>
  import("./features/account/ConfirmIdentityDialog").then((m) => ({ default: m.ConfirmIdentityDialog })),
);

/**
 * Confirm it's you (issue #47) is fetched when the server first asks for a confirmation, not on every first load
 * (issue #18: it brought Mantine's modal and segmented control into the entry); once fetched it stays, closed.
 */
function LazyConfirmIdentity() {
  return confirmWanted.useWanted() ? (
    <Suspense fallback={null}>
      <ConfirmIdentityDialog />
    </Suspense>
  ) : null;
}

/**
 * Mantine's toast container (with its transitions, drag-to-dismiss and scroll locking) and its store are fetched when
 * the first toast is asked for, not on every first load (issue #18); toasts shown before it arrives wait in the store.
 */
function LazyToasts() {
  return useToastsWanted() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Every provider the app needs; main.tsx and the test render helper both use this one. */
export function AppProviders({
  queryClient,
  trpcClient,
  children,
}: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  children: ReactNode;
}) {
  // Every dialog's close button is named in the page's language (issue #45).
  const { t } = useI18n();
  const named = useMemo(
    () => ({
      ...theme,
      components: { ...theme.components, Modal: { defaultProps: { closeButtonProps: { "aria-label": t("dialog.close") } } } },
    }),
    [t],
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {/* All of the theme's CSS variables, not only those that differ from Mantine's defaults: Mantine's stylesheet of
            the defaults (4.5 KB gzipped, on every first load) is then not needed, since the page draws nothing before
            this runs (issue #18). */}
        <MantineProvider
          theme={named}
          defaultColorScheme="auto"
          cssVariablesResolver={cssVariablesResolver}
          deduplicateCssVariables={false}
        >
          <LazyToasts />
          {children}
          <LazyConfirmIdentity />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
