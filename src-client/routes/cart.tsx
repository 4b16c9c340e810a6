import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/cart")({
  component: () => <PagePlaceholder title="Your Cart" />,
});
