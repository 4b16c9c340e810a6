import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { isUniqueViolation, textSearch } from "../../platform/database";
import type { Db, Queryable } from "../../../db/client";
import { articles, articleViews, users, type UserRole } from "../../../db/schema";
import { ARTICLE_CONTENT_MIN } from "../../../src/domain/article-limits";
import { ARTICLE_NOT_FOUND, htmlToText, slugCandidate, slugify } from "../../../src/domain/articles";
import { AppError } from "../../../src/errors";
import { articleMessages, type ArticleData, type ArticleListQuery } from "../../../src/schemas/articles";
import type { Clock } from "../../platform/clock";
import { sanitizeArticleHtml } from "./html";

/** Every column of docs/product.md#entities's article: none of them is private. */
const articleColumns = {
  id: articles.id,
  authorId: articles.authorId,
  title: articles.title,
  slug: articles.slug,
  content: articles.content,
  excerpt: articles.excerpt,
  category: articles.category,
  tags: articles.tags,
  videoUrl: articles.videoUrl,
  featuredImageUrl: articles.featuredImageUrl,
  isPublished: articles.isPublished,
  publishedAt: articles.publishedAt,
  viewCount: articles.viewCount,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
} as const;

export interface Article {
  id: string;
  authorId: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  category: string;
  tags: string[];
  videoUrl: string | null;
  featuredImageUrl: string | null;
  isPublished: boolean;
  publishedAt: Date | null;
  viewCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Only the author's name: never their e-mail. */
export interface ArticleAuthor {
  firstName: string | null;
  lastName: string | null;
}

/** docs/product.md#entities: list responses carry an article part and an author part. */
export interface ArticleWithAuthor {
  article: Article;
  author: ArticleAuthor;
}

export interface Viewer {
  id: string;
  role: UserRole;
}

/** /wisdom has no paging in the spec; the cap keeps one response bounded as the hub grows. */
export const ARTICLE_LIST_LIMIT = 100;
/** Candidates checked per round trip when looking for a free slug. */
const SLUG_BATCH = 20;
/** Attempts of a write that lost a slug race to a concurrent one (unique violation). */
const SLUG_RACE_ATTEMPTS = 5;

const published = eq(articles.isPublished, true);

/** The author or an admin may edit; for anyone else the article does not exist. */
const editableBy = (viewer: Viewer): SQL | undefined => (viewer.role === "admin" ? undefined : eq(articles.authorId, viewer.id));

/** Every article leaves this service with its content sanitised again (docs/product.md#wisdom-hub). */
const rendered = <T extends { content: string }>(article: T): T => ({
  ...article,
  content: sanitizeArticleHtml(article.content),
});
const renderedWithAuthor = (row: ArticleWithAuthor): ArticleWithAuthor => ({ ...row, article: rendered(row.article) });

/** What is stored: the sanitised HTML, refused when what is left of it is too short to read. */
function toStored(input: ArticleData): ArticleData {
  const content = sanitizeArticleHtml(input.content);
  if (htmlToText(content).length < ARTICLE_CONTENT_MIN) throw new AppError("BAD_REQUEST", articleMessages.contentMin);
  return { ...input, content };
}

async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= SLUG_RACE_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * The first of title, title-2, title-3, ... that no other article uses. Writers of the same title queue on a
 * transaction lock, so each sees the slug the previous one committed; the unique index stays the last word.
 */
async function freeSlug(tx: Queryable, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('articles.slug'), hashtext(${base}))`);
  for (let start = 1; ; start += SLUG_BATCH) {
    const candidates = Array.from({ length: SLUG_BATCH }, (_, i) => slugCandidate(base, start + i));
    const taken = await tx
      .select({ slug: articles.slug })
      .from(articles)
      .where(and(inArray(articles.slug, candidates), exceptId ? ne(articles.id, exceptId) : undefined));
    const used = new Set(taken.map((row) => row.slug));
    const free = candidates.find((candidate) => !used.has(candidate));
    if (free) return free;
  }
}

export function createArticleService({ db, clock }: { db: Db; clock: Clock }) {
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

  /**
   * A page view of a published article, counted once per visitor per day (docs/product.md#wisdom-hub): the visitor
   * is the account when signed in, else the address and browser, hashed with the day so that nothing links days.
   */
  async function recordView(
    slug: string,
    visitor: { userId?: string | null; ip: string; userAgent?: string },
  ): Promise<{ viewCount: number }> {
    const day = clock.now().toISOString().slice(0, 10);
    const who = visitor.userId ? `user:${visitor.userId}` : `guest:${visitor.ip}:${visitor.userAgent ?? ""}`;
    const visitorHash = createHash("sha256").update(`${day}\n${who}`).digest("hex");
    return db.transaction(async (tx) => {
      const [article] = await tx
        .select({ id: articles.id, viewCount: articles.viewCount })
        .from(articles)
        .where(and(eq(articles.slug, slug), published))
        .limit(1);
      if (!article) throw new AppError("NOT_FOUND", ARTICLE_NOT_FOUND);
      const [first] = await tx
        .insert(articleViews)
        .values({ articleId: article.id, visitor: visitorHash, day })
        .onConflictDoNothing()
        .returning({ day: articleViews.day });
      if (!first) return { viewCount: article.viewCount };
      const [row] = await tx
        .update(articles)
        .set({ viewCount: sql`${articles.viewCount} + 1`, updatedAt: sql`${articles.updatedAt}` })
        .where(eq(articles.id, article.id))
        .returning({ viewCount: articles.viewCount });
      return { viewCount: row?.viewCount ?? article.viewCount + 1 };
    });
  }

  /** Forgets who read what before yesterday (the counts stay): run daily by a job. */
  async function purgeViews(): Promise<void> {
    const yesterday = new Date(clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await db.delete(articleViews).where(lt(articleViews.day, yesterday));
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

  async function create(authorId: string, data: ArticleData): Promise<Article> {
    const input = toStored(data);
    return withSlugRetry(() =>
      db.transaction(async (tx) => {
        const slug = await freeSlug(tx, input.title);
        const now = clock.now();
        const [row] = await tx
          .insert(articles)
          .values({ ...input, authorId, slug, publishedAt: input.isPublished ? now : null, createdAt: now, updatedAt: now })
          .returning(articleColumns);
        if (!row) throw new Error("Insert returned no row");
        return row;
      }),
    );
  }

  /**
   * The author (or an admin) edits; the author never changes. A slug is a public address: once the article
   * has been published it stays, while a draft's slug follows its title. publishedAt marks the first publish.
   */
  async function update(id: string, viewer: Viewer, data: ArticleData): Promise<Article> {
    const input = toStored(data);
    return withSlugRetry(() =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            title: articles.title,
            slug: articles.slug,
            publishedAt: articles.publishedAt,
            isPublished: articles.isPublished,
          })
          .from(articles)
          .where(and(eq(articles.id, id), editableBy(viewer)))
          .for("update")
          .limit(1);
        if (!current) throw new AppError("NOT_FOUND", ARTICLE_NOT_FOUND);
        const everPublished = current.isPublished || current.publishedAt !== null;
        const slug = everPublished || input.title === current.title ? current.slug : await freeSlug(tx, input.title, id);
        const publishedAt = current.publishedAt ?? (input.isPublished ? clock.now() : null);
        const [row] = await tx
          .update(articles)
          .set({ ...input, slug, publishedAt, updatedAt: clock.now() })
          .where(eq(articles.id, id))
          .returning(articleColumns);
        if (!row) throw new AppError("NOT_FOUND", ARTICLE_NOT_FOUND);
        return row;
      }),
    );
  }

  async function remove(id: string, viewer: Viewer): Promise<{ id: string }> {
    const [row] = await db
      .delete(articles)
      .where(and(eq(articles.id, id), editableBy(viewer)))
      .returning({ id: articles.id });
    if (!row) throw new AppError("NOT_FOUND", ARTICLE_NOT_FOUND);
    return row;
  }

  return { listPublished, categories, bySlug, recordView, purgeViews, mine, forEdit, create, update, remove };
}
