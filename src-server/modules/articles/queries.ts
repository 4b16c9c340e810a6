import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, users } from "../../../db/schema";
import { ARTICLE_NOT_FOUND } from "../../../src/domain/articles";
import { AppError } from "../../../src/errors";
import type { ArticleListQuery } from "../../../src/schemas/articles";
import { textSearch } from "../../platform/database";
import {
  articleColumns,
  editableBy,
  published,
  rendered,
  renderedWithAuthor,
  type Article,
  type ArticleWithAuthor,
  type Viewer,
} from "./columns";

/** /wisdom has no paging in the spec; the cap keeps one response bounded as the hub grows. */
export const ARTICLE_LIST_LIMIT = 100;

/** The hub's reads (`articles.list`, `categories`, `bySlug`) and an author's own (`mine`, `forEdit`). */
export function createArticleQueries({ db }: { db: Db }) {
  const withAuthor = (where: SQL | undefined) =>
    db
      .select({ article: articleColumns, author: { firstName: users.firstName, lastName: users.lastName } })
      .from(articles)
      .innerJoin(users, eq(users.id, articles.authorId))
      .where(where);

  // The hub's first view and an article read by a visitor are the hot reads: their statements are prepared once.
  const hubFront = withAuthor(published)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(ARTICLE_LIST_LIMIT)
    .prepare("article_hub_front");
  const publishedBySlug = withAuthor(and(eq(articles.slug, sql.placeholder("slug")), published))
    .limit(1)
    .prepare("article_by_slug");

  /** /wisdom: published articles only, newest first; search and category filtering run in SQL. */
  async function listPublished(query: ArticleListQuery): Promise<ArticleWithAuthor[]> {
    if (!query.search && !query.category) return (await hubFront.execute()).map(renderedWithAuthor);
    const conditions: SQL[] = [published];
    const search = query.search ? textSearch([articles.title, articles.contentText], query.search) : null;
    if (search) conditions.push(search.where);
    if (query.category) conditions.push(eq(articles.category, query.category));
    const rows = await withAuthor(and(...conditions))
      .orderBy(...(search ? search.rank : []), desc(articles.publishedAt), desc(articles.id))
      .limit(ARTICLE_LIST_LIMIT);
    return rows.map(renderedWithAuthor);
  }

  /** The categories of published articles, distinct and sorted: the filter never offers one that yields nothing. */
  async function categories(): Promise<string[]> {
    const rows = await db
      .selectDistinct({ category: articles.category, sortKey: sql<string>`lower(${articles.category})` })
      .from(articles)
      .where(published)
      .orderBy(sql`lower(${articles.category})`, articles.category);
    return rows.map((row) => row.category);
  }

  /** One article for reading: published, or a draft shown to its author alone. */
  async function bySlug(slug: string, viewer: Viewer | null): Promise<ArticleWithAuthor> {
    const [row] = viewer
      ? await withAuthor(and(eq(articles.slug, slug), or(published, eq(articles.authorId, viewer.id)))).limit(1)
      : await publishedBySlug.execute({ slug });
    if (!row) throw new AppError("NOT_FOUND", ARTICLE_NOT_FOUND);
    return renderedWithAuthor(row);
  }

  /** /my-articles: the author's own articles, drafts included, last edited first. */
  async function mine(userId: string): Promise<ArticleWithAuthor[]> {
    const rows = await withAuthor(eq(articles.authorId, userId)).orderBy(desc(articles.updatedAt), asc(articles.id));
    return rows.map(renderedWithAuthor);
  }

  async function forEdit(id: string, viewer: Viewer): Promise<Article> {
    const [row] = await db
      .select(articleColumns)
      .from(articles)
      .where(and(eq(articles.id, id), editableBy(viewer)))
      .limit(1);
    if (!row) throw new AppError("NOT_FOUND", ARTICLE_NOT_FOUND);
    return rendered(row);
  }

  return { listPublished, categories, bySlug, mine, forEdit };
}
