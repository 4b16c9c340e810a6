import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "./theme";
import { trpc, type TrpcClient } from "./trpc";

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
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
          {/* docs/product.md#constants-and-limits: one toast visible at a time, shown for 5000 ms. */}
          <Notifications limit={1} autoClose={5000} position="bottom-right" containerWidth={420} />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
