import "./zod-config";
// Inter and Cormorant Garamond cut to our own characters and weights, over Fontsource's full files (npm run fonts).
import "./fonts/fonts.css";
// Mantine's base; each component's own sheet comes with the module that uses it (scripts/lib/mantine-styles.ts). The CSS
// variables are not a stylesheet: MantineProvider writes all of them (providers.tsx).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/global.css";
import "./global.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";
import { createQueryClient, createTrpcClient, createTrpcUtils } from "./trpc";

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({ queryClient, trpc: createTrpcUtils(queryClient, trpcClient) });

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
