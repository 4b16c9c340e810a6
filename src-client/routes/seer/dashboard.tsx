import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { oneOf, present } from "../../../src/schemas/search";
import { checkAccess } from "../../features/account/access";
import { RequireAuth } from "../../features/account/guard";
import { SeerDashboard } from "../../features/seer-dashboard/SeerDashboard";
import { DASHBOARD_TABS, type DashboardTab } from "../../features/seer-dashboard/tabs";

export const Route = createFileRoute("/seer/dashboard")({
  /** The open tab lives in the address (?tab=), so it can be shared, reloaded and reached with Back. */
  validateSearch: (
    search: Record<string, unknown>,
  ): { tab?: DashboardTab | undefined; payouts?: "return" | "refresh" | undefined } =>
    present({
      tab: oneOf(search.tab, DASHBOARD_TABS),
      /** Back from the payout account's onboarding, or its link ran out. */
      payouts: oneOf(search.payouts, ["return", "refresh"]),
    }),
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
