import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/static/TermsPage";

export const Route = createFileRoute("/terms")({
  component: TermsPage,
});
