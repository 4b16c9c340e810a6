import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { ORDER_STATUSES } from "../../src/domain/enums";
import { checkAccess, RequireAuth } from "../features/account/guard";
import { AdminPage } from "../features/admin/AdminPage";
import { ADMIN_TABS, type AdminTab } from "../features/admin/tabs";

/** The open tab and the orders screen's filters live in the address, so they can be shared, reloaded and reached with Back. */
const searchSchema = z.object({
  tab: z.enum(ADMIN_TABS).optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  q: z.string().max(320).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export const Route = createFileRoute("/admin")({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
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
