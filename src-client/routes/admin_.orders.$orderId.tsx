import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { OrderPage } from "../features/admin/OrderPage";

export const Route = createFileRoute("/admin_/orders/$orderId")({
  beforeLoad: ({ context }) => checkAccess(context, "admin"),
  component: AdminOrderRoute,
});

function AdminOrderRoute() {
  const { orderId } = Route.useParams();
  return (
    <RequireAuth>
      <OrderPage orderId={orderId} />
    </RequireAuth>
  );
}
