import { createFileRoute } from "@tanstack/react-router";
import { oneOf, present, text } from "../../src/schemas/search";
import { SignInPage } from "../features/account/SignInPage";

export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>): { returnTo?: string | undefined; mode?: "signin" | "signup" | undefined } =>
    present({
      returnTo: text(search.returnTo),
      mode: oneOf(search.mode, ["signin", "signup"]),
    }),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnTo, mode } = Route.useSearch();
  return <SignInPage returnTo={returnTo} initialMode={mode ?? "signin"} />;
}
