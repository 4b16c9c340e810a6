import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { adminOrderFilters, type AdminOrderFilters, oneOf, present } from "../../src/schemas/search";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { AdminPage } from "../features/admin/AdminPage";
import { ADMIN_TABS, type AdminTab } from "../features/admin/tabs";

export const Route = createFileRoute("/admin")({
  /** The open tab and the orders screen's filters live in the address, so they can be shared, reloaded and reached with Back. */
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab | undefined } & AdminOrderFilters =>
    present({
      tab: oneOf(search.tab, ADMIN_TABS),
      ...adminOrderFilters(search),
    }),
  beforeLoad: ({ context }) => checkAccess(context, "admin"),
  component: AdminRoute,
});

function AdminRoute() {
  const { tab, ...orders } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <RequireAuth>
      <AdminPage
        tab={tab ?? "analytics"}
        onTab={(next: AdminTab) => void navigate({ search: { tab: next }, resetScroll: false })}
        orderFilters={orders}
        onOrderFilters={(next) => void navigate({ search: { tab: "orders", ...next }, resetScroll: false })}
      />
    </RequireAuth>
  );
}
