import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { CheckoutPage } from "../features/shop/CheckoutPage";

export const Route = createFileRoute("/checkout")({
  beforeLoad: ({ context }) => checkAccess(context, "checkout"),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  return (
    <RequireAuth>
      <CheckoutPage />
    </RequireAuth>
  );
}
