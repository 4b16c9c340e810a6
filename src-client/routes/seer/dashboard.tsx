import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { checkAccess, RequireAuth } from "../../features/account/guard";
import { SeerDashboard } from "../../features/seer-dashboard/SeerDashboard";
import { DASHBOARD_TABS, type DashboardTab } from "../../features/seer-dashboard/tabs";

/** The open tab lives in the address (?tab=), so it can be shared, reloaded and reached with Back. */
const searchSchema = z.object({
  tab: z.enum(DASHBOARD_TABS).optional().catch(undefined),
  /** Back from the payout account's onboarding, or its link ran out. */
  payouts: z.enum(["return", "refresh"]).optional().catch(undefined),
});

export const Route = createFileRoute("/seer/dashboard")({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  beforeLoad: ({ context }) => checkAccess(context, "seerDashboard"),
  component: SeerDashboardRoute,
});

function SeerDashboardRoute() {
  const { tab, payouts } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <RequireAuth>
      <SeerDashboard
        tab={tab ?? "upcoming"}
        onTab={(next: DashboardTab) => void navigate({ search: { tab: next }, resetScroll: false })}
        payoutsStep={payouts}
      />
    </RequireAuth>
  );
}
