import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordPage } from "../features/account/RecoveryPages";

const searchSchema = z.object({ token: z.string().max(200).optional().catch(undefined) });

export const Route = createFileRoute("/reset-password")({
  validateSearch: searchSchema,
  component: function ResetPasswordPageRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
