import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../../features/account/access";
import { RequireAuth } from "../../features/account/guard";
import { Thread } from "../../features/messages/Thread";

export const Route = createFileRoute("/messages/$bookingId")({
  beforeLoad: ({ context }) => checkAccess(context, "messages"),
  component: ThreadRoute,
});

function ThreadRoute() {
  const { bookingId } = Route.useParams();
  return (
    <RequireAuth>
      <Thread bookingId={bookingId} />
    </RequireAuth>
  );
}
