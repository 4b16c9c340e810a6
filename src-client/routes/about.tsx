import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/about")({
  component: () => <PagePlaceholder title="About" />,
});
