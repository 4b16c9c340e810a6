import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * The language dates, numbers and money are written in (issue #45): the app sets it once it knows the page's language
 * (src-client/main.tsx), and the server's renderer around each synchronous render of a page (src-client/ssr.tsx),
 * then back to English. English stays en-US, exactly as before; French is fr-FR (spaces between thousands, decimal
 * commas). Every other caller (the server's mails) reads English.
 */
let current: Locale = DEFAULT_LOCALE;

const INTL_LOCALES: Record<Locale, string> = { en: "en-US", fr: "fr-FR" };

export function setFormatLocale(locale: Locale): void {
  current = locale;
}

/** The BCP 47 tag Intl formats the current language with. */
export const intlLocale = (): string => INTL_LOCALES[current];
