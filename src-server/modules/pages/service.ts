import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, products, seers } from "../../../db/schema";
import { pageDescriptions, pageDescriptionsFr, SITE_DESCRIPTION, SITE_DESCRIPTION_FR } from "../../../src/domain/page-descriptions";
import { DEFAULT_LOCALE, LOCALES, localePath, type Locale } from "../../../src/i18n/locales";
import { en } from "../../../src/i18n/messages/en";
import { fr } from "../../../src/i18n/messages/fr";
import { TRANSLATED_PAGE_NAMES } from "../../../src/i18n/page-names";
import { clientPages, matchPage, pageTitle } from "../../../src/domain/pages";
import { isAppError } from "../../../src/errors";
import type { Config } from "../../platform/config";
import { articleHead, productHead, seerHead, type PageSources } from "./heads";
import type { PageHead } from "./html";
import { listedProduct } from "../shop";

export interface PageAnswer {
  status: 200 | 404;
  head: PageHead;
  /** Drawn by the server for a visitor who is not signed in (`PageInfo.drawn`); never a 404. */
  drawn: boolean;
}

const NOT_FOUND_NAME = "Page Not Found";

const messages = { en, fr };

/** A page's title in `locale`: the home page's is the site's own. */
function titleIn(locale: Locale, pattern: string, name: string): string {
  if (locale === DEFAULT_LOCALE) return pageTitle(name || null);
  if (!name) return messages[locale]["site.title"];
  const id = TRANSLATED_PAGE_NAMES[pattern];
  return pageTitle(id ? messages[locale][id] : name);
}

/** Titles, descriptions, previews and structured data for every client page; robots.txt and sitemap.xml. */
export function createPageService({ db, config, sources }: { db: Db; config: Pick<Config, "publicUrl">; sources: PageSources }) {
  const absolute = (url: string | null | undefined) =>
    !url ? null : /^https?:\/\//.test(url) ? url : url.startsWith("/") ? `${config.publicUrl}${url}` : null;
  /** The absolute address of `path` (without a language prefix) in `locale`. */
  const canonicalOf = (path: string, locale: Locale = DEFAULT_LOCALE) =>
    `${config.publicUrl}${localePath(locale, path === "/" ? "/" : path.replace(/\/+$/, ""))}`;
  /** The page in each language, for search engines (`hreflang`); English is also the default. */
  const alternatesOf = (path: string) => [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: canonicalOf(path, locale) })),
    { hreflang: "x-default", href: canonicalOf(path) },
  ];

  function notFound(path: string, locale: Locale): PageAnswer {
    return {
      status: 404,
      drawn: false,
      head: {
        title: locale === DEFAULT_LOCALE ? pageTitle(NOT_FOUND_NAME) : pageTitle(messages[locale]["page.notFound"]),
        description: locale === DEFAULT_LOCALE ? SITE_DESCRIPTION : SITE_DESCRIPTION_FR,
        canonical: canonicalOf(path, locale),
        locale,
        type: "website",
        noindex: true,
      },
    };
  }

  /** The head of the page at `path` (no query), and whether it exists: a missing Seer, product or article is a 404. */
  async function head(path: string, locale: Locale = DEFAULT_LOCALE): Promise<PageAnswer> {
    const match = matchPage(path);
    if (!match) return notFound(path, locale);
    const canonical = canonicalOf(path, locale);
    const { page, params } = match;
    const language = { locale, ...(page.indexed ? { alternates: alternatesOf(path) } : {}) };
    const inLanguage = (found: { status: 200; head: PageHead }): PageAnswer => ({
      ...found,
      head: { ...found.head, ...language },
      drawn: page.drawn,
    });
    try {
      const urls = { canonical, absolute, locale };
      if (match.pattern === "/seers/$id") return inLanguage(seerHead(await sources.seer(params.id ?? ""), urls));
      if (match.pattern === "/shop/$slug") return inLanguage(productHead(await sources.product(params.slug ?? ""), urls));
      if (match.pattern === "/wisdom/$slug") return inLanguage(articleHead(await sources.article(params.slug ?? ""), urls));
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") return notFound(path, locale);
      throw error;
    }
    const description =
      locale === DEFAULT_LOCALE
        ? (pageDescriptions[match.pattern] ?? SITE_DESCRIPTION)
        : (pageDescriptionsFr[match.pattern] ?? SITE_DESCRIPTION_FR);
    return {
      status: 200,
      drawn: page.drawn,
      head: {
        title: titleIn(locale, match.pattern, page.name),
        description,
        canonical,
        type: "website",
        noindex: !page.indexed,
        ...language,
      },
    };
  }

  function robots(): string {
    const privatePaths = Object.entries(clientPages)
      .filter(([pattern, page]) => !page.indexed && !pattern.includes("$"))
      .map(([pattern]) => `Disallow: ${pattern}`);
    return [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /trpc/",
      ...privatePaths,
      "Disallow: /book/",
      "Disallow: /meeting/",
      "Disallow: /articles/",
      "",
      `Sitemap: ${config.publicUrl}/sitemap.xml`,
      "",
    ].join("\n");
  }

  /** Every indexable static page, live Seer, active product and published article. */
  async function sitemap(): Promise<string> {
    const [liveSeers, activeProducts, publishedArticles] = await Promise.all([
      db
        .select({ id: seers.id, updatedAt: seers.updatedAt })
        .from(seers)
        .where(eq(seers.verificationStatus, "approved"))
        .orderBy(asc(seers.createdAt)),
      db
        .select({ slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .where(listedProduct())
        .orderBy(asc(products.createdAt)),
      db
        .select({ slug: articles.slug, updatedAt: articles.updatedAt })
        .from(articles)
        .where(and(eq(articles.isPublished, true)))
        .orderBy(asc(articles.publishedAt)),
    ]);
    const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    // Each page in each language (issue #45), with its alternates, so that a search in French finds the French one.
    const alternates = (path: string) =>
      alternatesOf(path)
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`)
        .join("");
    const entry = (path: string, updatedAt?: Date | null) =>
      LOCALES.map(
        (locale) =>
          `  <url><loc>${xml(canonicalOf(path, locale))}</loc>${updatedAt ? `<lastmod>${updatedAt.toISOString()}</lastmod>` : ""}${alternates(path)}</url>`,
      ).join("\n");
    const statics = Object.entries(clientPages)
      .filter(([pattern, page]) => page.indexed && !pattern.includes("$"))
      .map(([pattern]) => entry(pattern));
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...statics,
      ...liveSeers.map((s) => entry(`/seers/${encodeURIComponent(s.id)}`, s.updatedAt)),
      ...activeProducts.map((p) => entry(`/shop/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      ...publishedArticles.map((a) => entry(`/wisdom/${encodeURIComponent(a.slug)}`, a.updatedAt)),
      "</urlset>",
      "",
    ].join("\n");
  }

  return { head, robots, sitemap };
}

export type PageService = ReturnType<typeof createPageService>;
