import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { safeReturnPath } from "../../../src/schemas/auth";
import { checkAccess, RequireAuth } from "../../features/account/guard";
import { TestOnboardingPage } from "../../features/payouts/TestOnboardingPage";

/** The account being set up, and where to go back: only a path of this site, as after sign-in. */
const searchSchema = z.object({
  account: z.string().max(64).catch(""),
  return: z.unknown().transform(safeReturnPath),
});

export const Route = createFileRoute("/payouts/test-onboarding")({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
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
