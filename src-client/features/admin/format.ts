import { intlLocale } from "../../../src/i18n/format-locale";

/**
 * A count as the admin console writes it in the page's language (issue #45): in English as it always was ("1234"),
 * in French through Intl ("1 234").
 */
export const formatCount = (count: number): string =>
  intlLocale() === "en-US" ? String(count) : new Intl.NumberFormat(intlLocale()).format(count);
