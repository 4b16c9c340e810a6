import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { VerifyEmailPage } from "../features/account/RecoveryPages";

const searchSchema = z.object({ token: z.string().max(200).optional().catch(undefined) });

export const Route = createFileRoute("/verify-email")({
  validateSearch: searchSchema,
  component: function VerifyEmailPageRoute() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});
