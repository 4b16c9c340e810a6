import { Box } from "@mantine/core";
import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { Footer } from "../components/layout/Footer";
import { Header } from "../components/layout/Header";
import { NotFound } from "../components/NotFound";
import { updateWaiting } from "../lib/update-waiting";
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
      <AnnouncerAfterFirstNavigation />
      <LazyUpdateNotice />
    </Box>
  );
}

const NavigatedAnnouncer = lazy(() => import("../components/layout/RouteAnnouncer"));

/**
 * The route announcer (title, focus and a polite announcement after each navigation inside the app) is fetched with
 * the first navigation: the first page's title is the server's, so the first load carries neither its code nor the
 * list of pages it names (issue #18).
 */
function AnnouncerAfterFirstNavigation() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [first] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  // Derived while drawing (once set it stays: coming back to the first page is a navigation too).
  if (!navigated && pathname !== first) setNavigated(true);
  return navigated ? (
    <Suspense fallback={null}>
      <NavigatedAnnouncer />
    </Suspense>
  ) : null;
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
