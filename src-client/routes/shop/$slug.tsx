import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/shop/$slug")({
  component: () => <PagePlaceholder title="Product" />,
});
