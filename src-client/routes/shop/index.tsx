import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/shop/")({
  component: () => <PagePlaceholder title="Sacred Market" />,
});
