import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/become-seer")({
  component: () => <PagePlaceholder title="Become a Seer" />,
});
