import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/articles/new")({
  component: () => <PagePlaceholder title="New Article" />,
});
