import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/PagePlaceholder";

export const Route = createFileRoute("/articles/edit/$id")({
  component: () => <PagePlaceholder title="Edit Article" />,
});
