import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/terms")({
  component: () => <PagePlaceholder title="Terms of Service" />,
});
