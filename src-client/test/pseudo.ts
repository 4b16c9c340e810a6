import { compileMessage } from "@lingui/message-utils/compileMessage";
import { en } from "../../src/i18n/messages/en";
import { areas } from "../../src/i18n/messages/app";
import { createI18n, type AppI18n } from "../lib/i18n";

/**
 * The pseudo-language (issue #45): every text of the public and the app's catalogs, marked ⟦…⟧. A visible text without
 * the marks bypassed the catalog (`bypassing`).
 */
const english: Record<string, string> = Object.assign({ ...en }, ...Object.values(areas).map((area) => area.en));
export const pseudo: AppI18n = {
  ...createI18n(
    "en",
    Object.fromEntries(Object.entries(english).map(([id, message]) => [id, compileMessage(message, (text) => `⟦${text}⟧`)])),
  ),
  // Every catalog is in already: fetching the app's English one would write over its marks.
  ensureApp: () => Promise.resolve(),
};

/**
 * Texts that are not the product's words: the brand and the social networks' names, currency codes, the switcher's
 * language names (each in its own language) and the year.
 */
const NOT_WORDS = /^(Seer|Facebook|Instagram|X|YouTube|[A-Z]{3}|—|English|Français|\d{4})$/;

/** Every visible text and label of the page that does not come from the catalog (`ignore`: what else is allowed). */
export function bypassing(root: HTMLElement, ignore?: RegExp): string[] {
  const found: string[] = [];
  const allowed = (text: string) => text.includes("⟦") || NOT_WORDS.test(text) || (ignore?.test(text) ?? false);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? "";
    const inHidden = node.parentElement?.closest("script, style, [hidden]");
    if (text && !inHidden && !allowed(text)) found.push(text);
  }
  for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name)?.trim();
      if (value && !allowed(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}
