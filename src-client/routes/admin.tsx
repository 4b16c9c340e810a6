import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { checkAccess, RequireAuth } from "../features/account/guard";
import { AdminPage } from "../features/admin/AdminPage";
import { ADMIN_TABS, type AdminTab } from "../features/admin/tabs";

/** The open tab lives in the address (?tab=), so it can be shared, reloaded and reached with Back. */
const searchSchema = z.object({ tab: z.enum(ADMIN_TABS).optional().catch(undefined) });

export const Route = createFileRoute("/admin")({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  beforeLoad: ({ context }) => checkAccess(context, "admin"),
  component: AdminRoute,
});

function AdminRoute() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <RequireAuth>
      <AdminPage tab={tab ?? "analytics"} onTab={(next: AdminTab) => void navigate({ search: { tab: next }, resetScroll: false })} />
    </RequireAuth>
  );
}
