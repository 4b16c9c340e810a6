import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder";

export const Route = createFileRoute("/book/$id")({
  component: () => <PagePlaceholder title="Book a Consultation" />,
});
