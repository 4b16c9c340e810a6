import { messages as app } from "../../src/i18n/compiled/app-en";
import { messages } from "../../src/i18n/compiled/en";
import { DEFAULT_LOCALE } from "../../src/i18n/locales";
import { createI18n } from "./i18n";

/**
 * The app in English with both its catalogs at hand, as tests draw it (the app itself reads the page's messages, and
 * fetches the app's catalog when a screen needs it).
 */
export const englishI18n = createI18n(DEFAULT_LOCALE, { ...messages, ...app });
