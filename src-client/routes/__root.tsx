import { Box } from "@mantine/core";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { Footer } from "../components/layout/Footer";
import { Header } from "../components/layout/Header";
import { RouteAnnouncer } from "../components/layout/RouteAnnouncer";
import { NotFound } from "../components/NotFound";
import { updateWaiting } from "../lib/service-worker";
import type { RouterContext } from "../router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold: a page that swaps its loading state for its
          content never moves a footer the visitor sees (layout shift, issue #18). */}
      <Box component="main" id="main" style={{ flex: 1, minHeight: "100vh" }}>
        <Outlet />
      </Box>
      <Footer />
      <RouteAnnouncer />
      <LazyUpdateNotice />
    </Box>
  );
}

const UpdateNotice = lazy(() => import("../components/layout/UpdateNotice"));

/** `New version available: Reload`: its code is fetched only once a newer version waits (lib/service-worker.ts). */
function LazyUpdateNotice() {
  return updateWaiting.useWanted() ? (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  ) : null;
}
