import { createFileRoute } from "@tanstack/react-router";
import { present, text } from "../../src/schemas/search";
import { ResetPasswordPage } from "../features/account/RecoveryPages";

export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } =>
    present({ token: text(search.token, 200) }),
  component: function ResetPasswordPageRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
