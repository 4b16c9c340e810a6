import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/meeting/$bookingId")({
  component: () => <PagePlaceholder title="Meeting Room" />,
});
