import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/admin")({
  component: () => <PagePlaceholder title="Admin Dashboard" />,
});
