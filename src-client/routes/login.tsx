import { createFileRoute } from "@tanstack/react-router";
import {
  SECOND_STEPS,
  SIGN_IN_REFUSALS,
  type SecondStepKind,
  type SignInRefusalCode,
} from "../../src/domain/sign-in-refusal-codes";
import { oneOf, present, text, wholeNumber } from "../../src/schemas/search";
import { SignInPage } from "../features/account/SignInPage";

export const Route = createFileRoute("/login")({
  validateSearch: (
    search: Record<string, unknown>,
  ): {
    returnTo?: string | undefined;
    mode?: "signin" | "signup" | undefined;
    /** Why the form sent without the app's code was refused, and how long to wait (issue #39). */
    error?: SignInRefusalCode | undefined;
    wait?: number | undefined;
    /** The second step a sign-in sent without the app's code waits for (issue #47). */
    second?: SecondStepKind | undefined;
  } =>
    present({
      returnTo: text(search.returnTo),
      mode: oneOf(search.mode, ["signin", "signup"]),
      error: oneOf(search.error, SIGN_IN_REFUSALS),
      wait: wholeNumber(search.wait, 1, 900),
      second: oneOf(search.second, SECOND_STEPS),
    }),
  // The drawn page carries its texts (src/i18n/drawn-areas.ts); reached from another screen, it fetches the app's catalog.
  beforeLoad: ({ context }) => (context.i18n.has("signIn.welcome") ? undefined : context.i18n.ensureApp()),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnTo, mode, error, wait, second } = Route.useSearch();
  return <SignInPage returnTo={returnTo} initialMode={mode ?? "signin"} refusal={error && { error, wait }} second={second} />;
}
