import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SignInPage } from "../features/account/SignInPage";

const searchSchema = z.object({
  returnTo: z.string().optional().catch(undefined),
  mode: z.enum(["signin", "signup"]).optional().catch(undefined),
});

export const Route = createFileRoute("/login")({
  validateSearch: searchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const { returnTo, mode } = Route.useSearch();
  return <SignInPage returnTo={returnTo} initialMode={mode ?? "signin"} />;
}
