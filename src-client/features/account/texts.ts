import { SIGN_IN_WINDOW_MS, refusalOf, type SignInRefusal } from "../../../src/domain/sign-in-refusals";
import type { Translate } from "../../lib/i18n";

const WAIT_MAX_S = SIGN_IN_WINDOW_MS / 1000;

/**
 * The text a refused sign-in's code stands for, in the page's language (the English is src/domain/sign-in-refusals.ts's,
 * pinned by SignInPage.test.tsx); a wait outside what the server ever says is read as the longest.
 */
export function refusalMessage(t: Translate, { error, wait }: SignInRefusal): string {
  const seconds = wait !== undefined && Number.isInteger(wait) && wait >= 1 && wait <= WAIT_MAX_S ? wait : WAIT_MAX_S;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  switch (error) {
    case "invalid":
      return t("signIn.refusal.invalid");
    case "email":
      return t("validation.emailInvalid");
    case "password":
      return t("validation.passwordRequired");
    case "codeFormat":
      return t("validation.codeOrRecovery");
    case "code":
      return t("signIn.refusal.code");
    case "expired":
      return t("signIn.refusal.expired");
    case "throttled":
      return seconds < 60 ? t("signIn.refusal.waitSeconds", { seconds }) : t("signIn.refusal.waitMinutes", { minutes });
    case "locked":
      return t("signIn.refusal.locked", { minutes });
  }
}

/**
 * A text the server's sign-in gives in English (src/domain/sign-in-refusals.ts), in the page's language; any other
 * text as it came (the server answers the rest in the page's language itself, decision 200). The forms' own checks are
 * said by src-client/lib/validation.ts's `inPageLanguage`, as every form's.
 */
export function accountText(t: Translate, text: string): string {
  const refusal = refusalOf(text);
  return refusal ? refusalMessage(t, refusal) : text;
}
