import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/seer/dashboard")({
  component: () => <PagePlaceholder title="Seer Dashboard" />,
});
