import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { ProfilePage } from "../features/account/ProfilePage";

export const Route = createFileRoute("/profile")({
  beforeLoad: ({ context }) => checkAccess(context, "profile"),
  component: ProfileRoute,
});

function ProfileRoute() {
  return <RequireAuth>{(user) => <ProfilePage user={user} />}</RequireAuth>;
}
