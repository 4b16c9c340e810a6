import { createFileRoute } from "@tanstack/react-router";
import { checkAccess, RequireAuth } from "../../features/account/guard";
import { SeerDashboard } from "../../features/seer-dashboard/SeerDashboard";

export const Route = createFileRoute("/seer/dashboard")({
  beforeLoad: ({ context }) => checkAccess(context, "seerDashboard"),
  component: SeerDashboardRoute,
});

function SeerDashboardRoute() {
  return (
    <RequireAuth>
      <SeerDashboard />
    </RequireAuth>
  );
}
