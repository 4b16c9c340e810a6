import { createFileRoute } from "@tanstack/react-router";
import { present, text } from "../../src/schemas/search";
import { VerifyEmailPage } from "../features/account/RecoveryPages";

export const Route = createFileRoute("/verify-email")({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } =>
    present({ token: text(search.token, 200) }),
  component: function VerifyEmailPageRoute() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});
