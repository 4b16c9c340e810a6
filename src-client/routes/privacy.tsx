import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPage } from "../features/static/PrivacyPage";

export const Route = createFileRoute("/privacy")({
  component: PrivacyPage,
});
