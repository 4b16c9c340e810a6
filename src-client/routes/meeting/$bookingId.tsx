import { createFileRoute } from "@tanstack/react-router";
import { MeetingRoom } from "../../features/meetings/MeetingRoom";

export const Route = createFileRoute("/meeting/$bookingId")({
  component: MeetingPage,
});

function MeetingPage() {
  const { bookingId } = Route.useParams();
  return <MeetingRoom bookingId={bookingId} />;
}
