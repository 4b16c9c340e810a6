import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../features/account/RecoveryPages";

export const Route = createFileRoute("/forgot-password")({
  // Not drawn by the server, nor protected: its texts are the app's catalog, fetched before it shows.
  beforeLoad: ({ context }) => context.i18n.ensureApp(),
  component: ForgotPasswordPage,
});
