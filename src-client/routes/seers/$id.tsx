import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/seers/$id")({
  component: () => <PagePlaceholder title="Seer Profile" />,
});
