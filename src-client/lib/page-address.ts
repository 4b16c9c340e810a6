import { useRouterState } from "@tanstack/react-router";
import { localePath } from "../../src/i18n/locales";
import { useI18n } from "./i18n";

/**
 * The page's address as the browser shows it, its language's prefix included (`/fr/seers?q=`): where sign-in and the
 * header's forms send the person back to. The router's own `href` has no prefix (router.tsx's rewrite), and the English
 * address would open a French page in the browser's language instead (issue #45).
 */
export function usePageAddress(): string {
  const { locale } = useI18n();
  return localePath(locale, useRouterState({ select: (s) => s.location.href }));
}
