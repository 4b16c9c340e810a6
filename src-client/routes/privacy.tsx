import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export const Route = createFileRoute("/privacy")({
  component: () => <PagePlaceholder title="Privacy Policy" />,
});
