import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../../db/client";
import { articles } from "../../../db/schema";
import { ARTICLE_CONTENT_MIN } from "../../../src/domain/article-limits";
import { ARTICLE_NOT_FOUND, htmlToText, slugCandidate, slugify } from "../../../src/domain/articles";
import { AppError } from "../../../src/errors";
import { articleMessages, type ArticleData } from "../../../src/schemas/articles";
import type { Clock } from "../../platform/clock";
import { isUniqueViolation } from "../../platform/database";
import { articleColumns, editableBy, type Article, type Viewer } from "./columns";
import { sanitizeArticleHtml } from "./html";

/** Candidates checked per round trip when looking for a free slug. */
const SLUG_BATCH = 20;
/** Attempts of a write that lost a slug race to a concurrent one (unique violation). */
const SLUG_RACE_ATTEMPTS = 5;

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

/** An author writes (`articles.create`), edits (`articles.update`) and deletes (`articles.remove`) their articles. */
export function createArticleEditing({ db, clock }: { db: Db; clock: Clock }) {
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

  return { create, update, remove };
}
