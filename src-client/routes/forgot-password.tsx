import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../features/account/RecoveryPages";

export const Route = createFileRoute("/forgot-password")({
  component: ForgotPasswordPage,
});
