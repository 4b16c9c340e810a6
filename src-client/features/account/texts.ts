import { schemaResolver, type FormErrors } from "@mantine/form";
import { SIGN_IN_WINDOW_MS, refusalOf, type SignInRefusal } from "../../../src/domain/sign-in-refusals";
import type { AppMessageId } from "../../../src/i18n/messages/app";
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
      return t("signIn.field.email");
    case "password":
      return t("signIn.field.password");
    case "codeFormat":
      return t("signIn.field.codeFormat");
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

/** The account forms' own checks as src/schemas/auth.ts words them, and their messages. */
const FIELD_TEXTS: Record<string, AppMessageId> = {
  "Enter a valid email address": "signIn.field.email",
  "Email is too long": "signIn.field.emailLong",
  "Enter your password": "signIn.field.password",
  "Password is too long": "signIn.field.passwordLong",
  "Password must be at least 8 characters": "signIn.field.passwordShort",
  "Password must be at most 128 characters": "signIn.field.passwordMax",
  "First name is required": "signIn.field.firstName",
  "First name is too long": "signIn.field.firstNameLong",
  "Last name is required": "signIn.field.lastName",
  "Last name is too long": "signIn.field.lastNameLong",
  "Enter the 6-digit code or a recovery code": "signIn.field.codeFormat",
  "Enter your current password": "signIn.field.currentPassword",
  "This link is invalid or has expired.": "signIn.field.link",
  "Enter the 6-digit code from the app": "signIn.field.totpCode",
};

/**
 * A text the account's schemas or the server's sign-in give in English, in the page's language when the catalog has
 * it (a check's message, a refused sign-in); any other text as it came.
 */
export function accountText(t: Translate, text: string): string {
  const id = FIELD_TEXTS[text];
  if (id) return t(id);
  const refusal = refusalOf(text);
  return refusal ? refusalMessage(t, refusal) : text;
}

/** A form's checks by its schema (Mantine's `schemaResolver`), their messages in the page's language. */
export function translatedResolver(schema: Parameters<typeof schemaResolver>[0], t: Translate): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) =>
    Object.fromEntries(
      Object.entries(resolve(values)).map(([path, error]) => [path, typeof error === "string" ? accountText(t, error) : error]),
    );
}
