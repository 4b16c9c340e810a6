import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * The language dates, numbers and money are written in (issue #45): the app sets it once it knows the page's language
 * (src-client/main.tsx), and the server's renderer around each synchronous render of a page (src-client/ssr.tsx),
 * then back to English. English stays en-US, exactly as before; French is fr-FR (spaces between thousands, decimal
 * commas). The server's mails are built in their recipient's language the same way (`inLocale`).
 */
let current: Locale = DEFAULT_LOCALE;

const INTL_LOCALES: Record<Locale, string> = { en: "en-US", fr: "fr-FR" };

export function setFormatLocale(locale: Locale): void {
  current = locale;
}

/** The BCP 47 tag Intl formats the current language with. */
export const intlLocale = (): string => INTL_LOCALES[current];

/**
 * `build` run with dates, numbers and money written in `locale`, then English again: the server draws pages and builds
 * mails in both languages at once, each one whole and synchronous in one task (src-client/ssr.tsx,
 * src-server/platform/i18n.ts).
 */
export function inLocale<T>(locale: Locale, build: () => T): T {
  setFormatLocale(locale);
  try {
    return build();
  } finally {
    setFormatLocale(DEFAULT_LOCALE);
  }
}
