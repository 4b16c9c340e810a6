import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/order-success")({
  component: () => <PagePlaceholder title="Confirming your order..." />,
});
