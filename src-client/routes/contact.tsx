import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/static/ContactPage";

export const Route = createFileRoute("/contact")({
  component: ContactPage,
});
