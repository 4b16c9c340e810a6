import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

export const articles = pgTable(
  "articles",
  {
    id: id(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 255 }).notNull(),
    slug: varchar("slug", { length: 255 }).notNull().unique(),
    /** Sanitised HTML (src-server/modules/articles/html.ts). */
    content: text("content").notNull(),
    /** The content's text for search, computed by the database (db/migrations/0015); never written. */
    contentText: text("content_text")
      .notNull()
      .generatedAlwaysAs(
        sql`btrim(regexp_replace(replace(replace(replace(replace(replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&nbsp;', ' '), '&amp;', '&'), '\\s+', ' ', 'g'))`,
      ),
    excerpt: text("excerpt"),
    category: varchar("category", { length: 100 }).notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrl: varchar("video_url", { length: 500 }),
    featuredImageUrl: varchar("featured_image_url", { length: 500 }),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    viewCount: integer("view_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("articles_view_count_check", sql`${t.viewCount} >= 0`),
    index("articles_published_idx").on(t.isPublished, t.publishedAt.desc()),
    index("articles_category_idx").on(t.category),
    index("articles_author_idx").on(t.authorId, t.updatedAt.desc()),
  ],
);

/**
 * Who has read an article on a day, so that a view counts once per visitor per day: the visitor is a SHA-256 of the
 * day with the account (or, signed out, the address and browser), so rows say nothing about anyone after the day.
 */
export const articleViews = pgTable(
  "article_views",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    visitor: varchar("visitor", { length: 64 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ name: "article_views_pk", columns: [t.articleId, t.visitor, t.day] }), index("article_views_day_idx").on(t.day)],
);
