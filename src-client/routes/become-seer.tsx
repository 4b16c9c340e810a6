import { createFileRoute } from "@tanstack/react-router";
import { BecomeSeerPage } from "../features/applications/BecomeSeerPage";

export const Route = createFileRoute("/become-seer")({
  component: BecomeSeerPage,
});
