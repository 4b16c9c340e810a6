import { createFileRoute } from "@tanstack/react-router";
import { checkAccess, RequireAuth } from "../features/account/guard";
import { AdminPage } from "../features/admin/AdminPage";

export const Route = createFileRoute("/admin")({
  beforeLoad: ({ context }) => checkAccess(context, "admin"),
  component: AdminRoute,
});

function AdminRoute() {
  return (
    <RequireAuth>
      <AdminPage />
    </RequireAuth>
  );
}
