import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
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
    content: text("content").notNull(),
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
