import { useEffect } from "react";
import { pageTitle } from "../../src/domain/site";

/**
 * The document title of a page whose name comes from its data (a Seer, a product, an article, not found). Static
 * pages get theirs from `src/domain/pages.ts` through the RouteAnnouncer.
 */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
