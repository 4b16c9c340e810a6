import { createFileRoute } from "@tanstack/react-router";
import { MeetingRoom } from "../../features/meetings/MeetingRoom";

export const Route = createFileRoute("/meeting/$bookingId")({
  // Not a protected page (a signed-out visitor is told the room is not theirs), but a screen the server does not draw:
  // its texts are in the app's catalog.
  beforeLoad: ({ context }) => context.i18n.ensureApp(),
  component: MeetingPage,
});

function MeetingPage() {
  const { bookingId } = Route.useParams();
  return <MeetingRoom bookingId={bookingId} />;
}
