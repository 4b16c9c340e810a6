import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/my-articles")({
  component: () => <PagePlaceholder title="My Articles" />,
});
