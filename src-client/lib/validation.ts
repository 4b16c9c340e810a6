import { setupI18n, type I18n } from "@lingui/core";
import type { FormErrors } from "@mantine/form";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../src/i18n/locales";
import { validationEnglish } from "../../src/i18n/messages/app/validation";
import { messageFinder, translateFound, type FindMessage } from "../../src/i18n/refusals";

/**
 * A form's field messages in the page's language (issue #45). The forms check their values with the server's own
 * schemas (Mantine's `schemaResolver`), whose messages are English; `inPageLanguage(schemaResolver(schema, ...))` finds
 * each by its English in the app catalog's `validation` area (src/i18n/refusals.ts) and shows its translation. The
 * French comes from the app's catalog chunk, the one the screens already fetch (`ensureApp`); zod's own French locale
 * is not loaded in the browser, so a zod default (a schema without its own message) stays English here, and is
 * translated by the server when the server refuses it.
 */
let find: FindMessage | undefined;
const translations = new Map<Locale, I18n>();
const loading = new Map<Locale, Promise<void>>();

/** The page's language, as the server wrote it into `<html lang>` (English outside a browser). */
const pageLocale = (): Locale => {
  const lang = typeof document === "undefined" ? DEFAULT_LOCALE : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
};

/** Fetches the page's language's messages once (the app catalog's chunk); resolves at once in English. */
export function loadValidationMessages(locale: Locale = pageLocale()): Promise<void> {
  if (locale === DEFAULT_LOCALE || translations.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = import("../../src/i18n/compiled/app-fr").then(
      ({ messages }) => void translations.set(locale, setupI18n({ locale, messages: { [locale]: messages } })),
      () => void loading.delete(locale),
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** One message in `locale`, or as it is (English, a text not in the catalog, the catalog not fetched yet). */
function translated(message: FormErrors[string], locale: Locale): FormErrors[string] {
  const i18n = translations.get(locale);
  if (typeof message !== "string" || !i18n) return message;
  find ??= messageFinder(validationEnglish);
  return translateFound(find, (id, values) => i18n._(id, values), message) ?? message;
}

/** A form's `validate` (a schemaResolver's) whose messages are in the page's language. */
export function inPageLanguage<V>(validate: (values: V) => FormErrors): (values: V) => FormErrors {
  void loadValidationMessages();
  return (values) => {
    const errors = validate(values);
    const locale = pageLocale();
    if (locale === DEFAULT_LOCALE) return errors;
    return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translated(message, locale)]));
  };
}
