import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, products, seers } from "../../../db/schema";
import { pageDescriptions, SITE_DESCRIPTION } from "../../../src/domain/page-descriptions";
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

/** Titles, descriptions, previews and structured data for every client page; robots.txt and sitemap.xml. */
export function createPageService({ db, config, sources }: { db: Db; config: Pick<Config, "publicUrl">; sources: PageSources }) {
  const absolute = (url: string | null | undefined) =>
    !url ? null : /^https?:\/\//.test(url) ? url : url.startsWith("/") ? `${config.publicUrl}${url}` : null;
  const canonicalOf = (path: string) => `${config.publicUrl}${path === "/" ? "/" : path.replace(/\/+$/, "")}`;

  function notFound(path: string): PageAnswer {
    return {
      status: 404,
      drawn: false,
      head: {
        title: pageTitle(NOT_FOUND_NAME),
        description: SITE_DESCRIPTION,
        canonical: canonicalOf(path),
        type: "website",
        noindex: true,
      },
    };
  }

  /** The head of the page at `path` (no query), and whether it exists: a missing Seer, product or article is a 404. */
  async function head(path: string): Promise<PageAnswer> {
    const match = matchPage(path);
    if (!match) return notFound(path);
    const canonical = canonicalOf(path);
    const { page, params } = match;
    try {
      const urls = { canonical, absolute };
      if (match.pattern === "/seers/$id") return { ...seerHead(await sources.seer(params.id ?? ""), urls), drawn: page.drawn };
      if (match.pattern === "/shop/$slug") return { ...productHead(await sources.product(params.slug ?? ""), urls), drawn: page.drawn };
      if (match.pattern === "/wisdom/$slug") return { ...articleHead(await sources.article(params.slug ?? ""), urls), drawn: page.drawn };
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") return notFound(path);
      throw error;
    }
    return {
      status: 200,
      drawn: page.drawn,
      head: {
        title: pageTitle(page.name || null),
        description: pageDescriptions[match.pattern] ?? SITE_DESCRIPTION,
        canonical,
        type: "website",
        noindex: !page.indexed,
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
    const entry = (path: string, updatedAt?: Date | null) =>
      `  <url><loc>${xml(canonicalOf(path))}</loc>${updatedAt ? `<lastmod>${updatedAt.toISOString()}</lastmod>` : ""}</url>`;
    const statics = Object.entries(clientPages)
      .filter(([pattern, page]) => page.indexed && !pattern.includes("$"))
      .map(([pattern]) => entry(pattern));
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
