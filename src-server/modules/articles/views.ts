import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, articleViews } from "../../../db/schema";
import { ARTICLE_NOT_FOUND } from "../../../src/domain/articles";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import { published } from "./columns";

/** An article's page views (`articles.recordView`), and the daily forgetting of who read what. */
export function createArticleViews({ db, clock }: { db: Db; clock: Clock }) {
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

  return { recordView, purgeViews };
}
