import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { BecomeVendorPage } from "../features/vendors/BecomeVendorPage";

export const Route = createFileRoute("/become-vendor")({
  beforeLoad: ({ context }) => checkAccess(context, "applyVendor"),
  component: BecomeVendorRoute,
});

function BecomeVendorRoute() {
  return (
    <RequireAuth>
      <BecomeVendorPage />
    </RequireAuth>
  );
}
