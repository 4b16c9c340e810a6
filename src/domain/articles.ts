import { ARTICLE_PREVIEW_LENGTH, ARTICLE_SLUG_MAX } from "./article-limits";

export const ARTICLE_NOT_FOUND = "Article Not Found";

/** What a slug becomes when the title has no letter or digit at all (e.g. only emoji or punctuation). */
const FALLBACK_SLUG = "article";

const trimDashes = (text: string): string => text.replace(/^-+|-+$/g, "");

/**
 * "Ọ̀ṣun & the River: Notes" -> "osun-the-river-notes": accents folded to ASCII, lower-case, every run of
 * other characters one hyphen, at most 255 characters.
 */
export function slugify(title: string): string {
  const folded = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-");
  const slug = trimDashes(trimDashes(folded).slice(0, ARTICLE_SLUG_MAX));
  return slug || FALLBACK_SLUG;
}

/**
 * The n-th candidate for a slug: the base itself for n = 1, then base-2, base-3, ... The base is cut so
 * that the whole candidate, suffix included, still fits in 255 characters.
 */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base.slice(0, ARTICLE_SLUG_MAX);
  const suffix = `-${n}`;
  const head = trimDashes(base.slice(0, ARTICLE_SLUG_MAX - suffix.length)) || FALLBACK_SLUG;
  return `${head}${suffix}`;
}

/** The four characters that sanitised article HTML escapes in text (the server's sanitiser writes no others). */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * An article's HTML read as text, for counting, previews, descriptions and search: every tag is a space, the
 * escapes are read back, runs of white space are one. db/migrations/0015 computes the same for the search column.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Plain text as article HTML: a paragraph per line, nothing in it read as markup (the demo articles, older rows). */
export function textToHtml(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}

/**
 * The card's text: the excerpt when there is one, else the first 150 characters of the content's text
 * (counted as characters, so an emoji or accented letter is never cut in half), with an ellipsis when cut.
 */
export function previewOf(article: { excerpt: string | null; content: string }): string {
  const excerpt = article.excerpt?.trim();
  if (excerpt) return excerpt;
  const chars = Array.from(htmlToText(article.content));
  if (chars.length <= ARTICLE_PREVIEW_LENGTH) return chars.join("");
  return `${chars.slice(0, ARTICLE_PREVIEW_LENGTH).join("").trimEnd()}...`;
}

/** Only http and https: a javascript: or data: URL in an href or src would run or smuggle content. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** One of our own uploaded files, `/api/uploads/{uuid}`, exactly. */
const OWN_UPLOAD = /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** One of the images the site itself ships for the demo articles, exactly (no query, no other folder). */
const BUNDLED_ARTICLE_IMAGE = /^\/images\/articles\/[a-z0-9-]{1,200}\.(svg|png|jpe?g|webp)$/;

/**
 * A featured image: an absolute https URL, one of our own uploaded files, or an image the site ships for its demo
 * articles. Never any other path on this site: an image is fetched with the reader's cookies, so a path such as a
 * sign-out or an API call must not be accepted.
 */
export function isImageUrl(value: string): boolean {
  if (OWN_UPLOAD.test(value) || BUNDLED_ARTICLE_IMAGE.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);

const youtubeEmbed = (id: string | undefined | null): string | null =>
  id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
const vimeoEmbed = (id: string | undefined | null): string | null =>
  id && VIMEO_ID.test(id) ? `https://player.vimeo.com/video/${id}` : null;

/**
 * The player URL for a YouTube or Vimeo video, or null: any other URL is shown as a plain link, never
 * embedded, so an article cannot frame an arbitrary site. YouTube plays from its no-cookie domain.
 */
export function videoEmbedUrl(value: string | null | undefined): string | null {
  if (!value || !isHttpUrl(value.trim())) return null;
  const url = new URL(value.trim());
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return youtubeEmbed(segments[0]);
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch" && segments.length === 1) return youtubeEmbed(url.searchParams.get("v"));
    if ((segments[0] === "shorts" || segments[0] === "embed" || segments[0] === "live") && segments.length === 2)
      return youtubeEmbed(segments[1]);
    return null;
  }
  if (VIMEO_HOSTS.has(host)) return segments.length === 1 ? vimeoEmbed(segments[0]) : null;
  if (host === "player.vimeo.com" && segments[0] === "video" && segments.length === 2) return vimeoEmbed(segments[1]);
  return null;
}

/** The form's "tag1, tag2, , tag3" -> ["tag1", "tag2", "tag3"]: trimmed, empty ones dropped, duplicates once. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  return [...new Set(tags)];
}

/** "First Last", or 'Anonymous' (`anonymous`, in the page's language) when the author has no name (docs/product.md#routes-and-screens). */
export function authorName(author: { firstName: string | null; lastName: string | null }, anonymous = "Anonymous"): string {
  const name = [author.firstName, author.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || anonymous;
}
