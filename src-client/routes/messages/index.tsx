import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../../features/account/access";
import { RequireAuth } from "../../features/account/guard";
import { Inbox } from "../../features/messages/Inbox";

export const Route = createFileRoute("/messages/")({
  beforeLoad: ({ context }) => checkAccess(context, "messages"),
  component: InboxRoute,
});

function InboxRoute() {
  return (
    <RequireAuth>
      <Inbox />
    </RequireAuth>
  );
}
