import { eq, type SQL } from "drizzle-orm";
import { articles, type UserRole } from "../../../db/schema";
import { sanitizeArticleHtml } from "./html";

/** Every column of docs/product.md#entities's article: none of them is private. */
export const articleColumns = {
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

export const published = eq(articles.isPublished, true);

/** The author or an admin may edit; for anyone else the article does not exist. */
export const editableBy = (viewer: Viewer): SQL | undefined =>
  viewer.role === "admin" ? undefined : eq(articles.authorId, viewer.id);

/** Every article leaves this service with its content sanitised again (docs/product.md#wisdom-hub). */
export const rendered = <T extends { content: string }>(article: T): T => ({
  ...article,
  content: sanitizeArticleHtml(article.content),
});
export const renderedWithAuthor = (row: ArticleWithAuthor): ArticleWithAuthor => ({ ...row, article: rendered(row.article) });
