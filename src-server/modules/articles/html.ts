import sanitizeHtml from "sanitize-html";
import { setKeepingAtMost } from "../../platform/bounded-map";

/**
 * What an article may contain (docs/product.md#wisdom-hub): the editor's paragraphs, headings below the page's own
 * title, emphasis, lists, quotes, code and links. Everything else is dropped: scripts and styles with their text,
 * other tags keeping their text, every attribute but a link's address, and every address but http, https and mailto.
 */
const LINK_SCHEMES = ["http:", "https:", "mailto:"];

/** A link's address kept only when it is absolute and http, https or mailto (a javascript: address never survives). */
function linkAddress(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return LINK_SCHEMES.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "h4", "strong", "em", "u", "s", "code", "pre", "blockquote", "ul", "ol", "li", "hr", "a"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title", "iframe", "object", "svg", "math"],
  transformTags: {
    // The editor's names for the same marks.
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    h1: "h2",
    h5: "h4",
    h6: "h4",
    // Readers' links open away from the article and pass neither credit nor the opener; a link whose address is
    // refused keeps its text and no address (it stays an <a>: sanitize-html 2.18 closes the next link with the
    // wrong name after a renamed tag it dropped).
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = linkAddress(attribs.href);
      return { tagName: "a", attribs: href ? { href, rel: "nofollow ugc noopener noreferrer", target: "_blank" } : {} };
    },
  },
};

/** Sanitised HTML of recent contents: rendering a popular article again costs a lookup, not a parse. */
const CACHE_SIZE = 256;
const cache = new Map<string, string>();

/**
 * An article's HTML reduced to the allow-list. Run on save and again on every render, so that a row written before
 * the allow-list changed, or by anything but the editor, is never sent to a browser as it is.
 */
export function sanitizeArticleHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) {
    cache.delete(html);
    cache.set(html, hit);
    return hit;
  }
  const clean = sanitizeHtml(html, ARTICLE_HTML).trim();
  setKeepingAtMost(cache, html, clean, CACHE_SIZE);
  return clean;
}
