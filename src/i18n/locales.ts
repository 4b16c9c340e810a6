/**
 * The product's languages (issue #45): English, and French for the francophone Seers and their clients. Public pages
 * have French addresses under /fr; the visitor's language otherwise comes from their choice (a cookie, and the
 * account's `users.locale`), then from the browser's Accept-Language.
 */
export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/**
 * The id of the script element in which the server writes the page's language's compiled messages (JSON): the app
 * reads them from the page instead of carrying a catalog in its first load's JavaScript (issue #18's budget).
 */
export const MESSAGES_ID = "seer-messages";

/** The cookie that keeps a visitor's choice of language (set by POST /language). */
export const LOCALE_COOKIE = "locale";
/**
 * The header in which the app's requests to the server (tRPC) name the page's language, so that a refusal is answered
 * in it (src-client/trpc.ts, src-server/platform/i18n.ts `requestLocale`).
 */
export const LOCALE_HEADER = "x-seer-locale";
/** Where the language switcher's form posts (`locale`, `next`). */
export const LANGUAGE_PATH = "/language";

/** Each language's name in itself, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The address prefix of a language: none for English, `/fr` for French. */
const prefixOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? "" : `/${locale}`);

/** A path with its language's prefix taken off: `/fr/seers` → French, `/seers`; `/seers` → no language. */
export function splitLocalePath(pathname: string): { locale: Locale | null; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = prefixOf(locale);
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: "/" };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: null, path: pathname };
}

/**
 * The language a drawn form names in its hidden `locale` field (the page it was sent from, issue #45), when it is one
 * of ours; anything else is none.
 */
export const formLocale = (value: unknown): Locale | undefined => (isLocale(value) ? value : undefined);

/** `path` at the address of `locale` when a form named one, else as it is (the English address, which sends on). */
export const pathInLocale = (locale: Locale | undefined, path: string): string => (locale ? localePath(locale, path) : path);

/** The address of `path` (without a language prefix, query allowed) in `locale`: `/seers` → `/fr/seers`. */
export function localePath(locale: Locale, path: string): string {
  const prefix = prefixOf(locale);
  if (!prefix) return path;
  return path === "/" || path.startsWith("/?") ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/**
 * The language an Accept-Language header prefers among ours, or null: its languages by quality (then order), the
 * first that is one of ours decides (`de, fr;q=0.8, en;q=0.5` → French).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}
