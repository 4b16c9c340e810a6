/**
 * Every page's URL search params, as the client's routes read them. A route's validateSearch runs before the route's
 * own code is fetched, so whatever it uses ships in the entry chunk of every page: these readers are plain functions,
 * not zod, whose schemas would add 15 to 25 KB gzipped to each first load (issue #18). Each parameter reads as absent
 * (or as the route's default) when it is missing or malformed, rather than breaking the page.
 */
import { ARTICLE_CATEGORY_MAX } from "../domain/article-limits";
import { ORDER_STATUSES, type OrderStatus } from "../domain/enums";

type Search = Record<string, unknown>;

/** The params without the absent ones, so that a link's search reads the same however it was written. */
export function present<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as T;
}

/** A text of at most `max` characters (UTF-16 units, as String.length), else absent. */
export function text(value: unknown, max = Infinity): string | undefined {
  return typeof value === "string" && value.length <= max ? value : undefined;
}

/**
 * A filter's text: absent when empty, as a form sent without JavaScript writes every field (`?q=&country=`), so that
 * the address reads the same whichever way it was made.
 */
function filter(value: unknown, max: number): string | undefined {
  return text(value, max) || undefined;
}

/** One of `values`, else absent. */
export function oneOf<const T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30), else absent. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
}

/** A whole number from `min` to `max` (a number, or text that reads as one), else absent. */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

export interface SeerDirectorySearch {
  q?: string | undefined;
  country?: string | undefined;
  specialization?: string | undefined;
  language?: string | undefined;
  /** Where the list starts: a `Load more` link's (the server's nextCursor), so that the next page is a link. */
  cursor?: string | undefined;
}

/** The directory (/seers?q=...&country=...), so a filtered list is a shareable link. */
export function seerDirectorySearch(search: Search): SeerDirectorySearch {
  return present({
    q: filter(search.q, 200),
    country: filter(search.country, 100),
    specialization: filter(search.specialization, 200),
    language: filter(search.language, 100),
    cursor: filter(search.cursor, 1000),
  });
}

export interface ShopSearch {
  q?: string | undefined;
  category?: string | undefined;
  /** Where the listing starts: a `Load more` link's (the server's nextCursor). */
  cursor?: string | undefined;
}

/** The shop (/shop?q=...&category=...), so a filtered listing is a shareable link. */
export function shopSearch(search: Search): ShopSearch {
  return present({ q: filter(search.q, 200), category: filter(search.category, 100), cursor: filter(search.cursor, 200) });
}

/** /wisdom?q=...&category=...: a filtered list is a shareable link. */
export function wisdomSearch(search: Search): { q?: string | undefined; category?: string | undefined } {
  return present({ q: filter(search.q, 200), category: filter(search.category, ARTICLE_CATEGORY_MAX) });
}

export interface AdminOrderFilters {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

/** The admin's orders filters (/admin?tab=orders&status=...&q=...&from=...&to=...&page=...). */
export function adminOrderFilters(search: Search): AdminOrderFilters {
  return present({
    status: oneOf(search.status, ORDER_STATUSES),
    q: text(search.q, 320),
    from: isoDate(search.from),
    to: isoDate(search.to),
    page: wholeNumber(search.page, 1, 10_000),
  });
}

/** Any C0 or C1 control character (browsers drop tabs and newlines inside URLs) or a backslash (read as a slash). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\\]/;
/** A stand-in origin to resolve against: a path that resolves anywhere else is not a path on this site. */
const OWN_ORIGIN = "https://this-site.invalid";

/**
 * Where to go after sign-in: only a path on this site, never another origin. The value is resolved as a URL against
 * our own origin and accepted only when it stays there; control characters and backslashes are refused anywhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000 || UNSAFE_IN_PATH.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== OWN_ORIGIN) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//")) return "/";
  if (url.pathname.startsWith("/api/") || url.pathname === "/login") return "/";
  return path;
}
