import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { oneOf, present } from "../../src/schemas/search";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { VendorDashboard } from "../features/vendors/VendorDashboard";
import { VENDOR_TABS, type VendorTab } from "../features/vendors/tabs";

export const Route = createFileRoute("/vendor")({
  /** The open tab lives in the address (?tab=), so it can be shared, reloaded and reached with Back. */
  validateSearch: (search: Record<string, unknown>): { tab?: VendorTab | undefined } =>
    present({ tab: oneOf(search.tab, VENDOR_TABS) }),
  beforeLoad: ({ context }) => checkAccess(context, "vendor"),
  component: VendorRoute,
});

function VendorRoute() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <RequireAuth>
      <VendorDashboard
        tab={tab ?? "products"}
        onTab={(next: VendorTab) => void navigate({ search: { tab: next }, resetScroll: false })}
      />
    </RequireAuth>
  );
}
