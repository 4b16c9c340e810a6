import { createFileRoute } from "@tanstack/react-router";
import { present, text } from "../../src/schemas/search";
import { VerifyEmailPage } from "../features/account/RecoveryPages";

export const Route = createFileRoute("/verify-email")({
  // Not drawn by the server, nor protected: its texts are the app's catalog, fetched before it shows.
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } =>
    present({ token: text(search.token, 200) }),
  beforeLoad: ({ context }) => context.i18n.ensureApp(),
  component: function VerifyEmailPageRoute() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});
