import type { Locale } from "../../../src/i18n/locales";

/** What the server writes into a page's `<head>` for search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** Absolute URL of the preview image, if any. */
  image?: string | null;
  type: "website" | "profile" | "product" | "article";
  jsonLd?: Record<string, unknown>;
  /** Pages that must stay out of search results (private, transactional, not found). */
  noindex: boolean;
  /** The page's language (issue #45), and its address in each language (`hreflang` alternates; indexed pages only). */
  locale?: Locale;
  alternates?: { hreflang: string; href: string }[];
}

/** Open Graph's names of our languages. */
const OG_LOCALES: Record<Locale, string> = { en: "en_US", fr: "fr_FR" };

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * JSON text inside a <script> block: no "</script>", no HTML comment opener, and the line separators JSON allows.
 * These characters can only stand inside JSON strings, where the escapes read the same.
 */
export const inScript = (json: string) =>
  json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * A description as search engines show it: one line, at most 160 characters, cut at a word. No-break spaces stay (French
 * typography's, before `:` and inside « »).
 */
export function summary(text: string, max = 160): string {
  const line = text.replace(/<[^>]*>/g, " ").replace(/[^\S\u00a0\u202f]+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** The built index.html with this page's title, description and preview tags (the client takes over from there). */
export function renderHead(template: string, head: PageHead): string {
  const meta = (attr: "name" | "property", key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.noindex ? meta("name", "robots", "noindex") : "",
    ...(head.alternates ?? []).map(
      (alternate) => `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`,
    ),
    meta("property", "og:site_name", "Seer"),
    meta("property", "og:locale", OG_LOCALES[head.locale ?? "en"]),
    meta("property", "og:type", head.type),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.canonical),
    head.image ? meta("property", "og:image", head.image) : "",
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    head.image ? meta("name", "twitter:image", head.image) : "",
    head.jsonLd ? `<script type="application/ld+json">${inScript(JSON.stringify(head.jsonLd))}</script>` : "",
  ]
    .filter(Boolean)
    .join("\n    ");
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => meta("name", "description", head.description))
    .replace("</head>", () => `    ${tags}\n  </head>`);
}
