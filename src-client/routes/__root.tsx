import { Box } from "@mantine/core";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Footer } from "../components/layout/Footer";
import { Header } from "../components/layout/Header";
import { RouteAnnouncer } from "../components/layout/RouteAnnouncer";
import { NotFound } from "../components/NotFound";
import type { RouterContext } from "../router";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Header />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <RouteAnnouncer />
    </Box>
  );
}
