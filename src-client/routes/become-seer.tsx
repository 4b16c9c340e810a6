import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { BecomeSeerPage } from "../features/applications/BecomeSeerPage";

export const Route = createFileRoute("/become-seer")({
  beforeLoad: ({ context }) => checkAccess(context, "apply"),
  component: BecomeSeerRoute,
});

function BecomeSeerRoute() {
  return (
    <RequireAuth>
      <BecomeSeerPage />
    </RequireAuth>
  );
}
