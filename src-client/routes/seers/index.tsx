import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/seers/")({
  component: () => <PagePlaceholder title="Meet Our Seers" />,
});
