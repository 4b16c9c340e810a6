import { createFileRoute } from "@tanstack/react-router";
import { present, safeReturnPath, text } from "../../../src/schemas/search";
import { checkAccess } from "../../features/account/access";
import { RequireAuth } from "../../features/account/guard";
import { TestOnboardingPage } from "../../features/payouts/TestOnboardingPage";

export const Route = createFileRoute("/payouts/test-onboarding")({
  /** The account being set up, and where to go back: only a path of this site, as after sign-in. */
  validateSearch: (search: Record<string, unknown>): { account: string; return: string } =>
    present({
      account: text(search.account, 64) ?? "",
      return: safeReturnPath(search.return),
    }),
  beforeLoad: ({ context }) => checkAccess(context, "seerDashboard"),
  component: TestOnboardingRoute,
});

function TestOnboardingRoute() {
  const search = Route.useSearch();
  return (
    <RequireAuth>
      <TestOnboardingPage accountId={search.account} returnTo={search.return} />
    </RequireAuth>
  );
}
