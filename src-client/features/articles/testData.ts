import type { Article, ArticleWithAuthor } from "./types";

/** An article as the server returns it, for component tests. Dates at midday UTC, so every timezone shows the same day. */
export function articleData(overrides: Partial<Article> = {}): Article {
  return {
    id: "article-1",
    authorId: "user-1",
    title: "Pouring Libation",
    slug: "pouring-libation",
    content: "<p>Water remembers.</p><p>We pour libation to call the names of those who came before us.</p>",
    excerpt: "How remembrance keeps the living and the ancestors close.",
    category: "Ancestral Wisdom",
    tags: ["ancestors", "water"],
    videoUrl: null,
    featuredImageUrl: null,
    isPublished: true,
    publishedAt: new Date("2026-03-04T12:00:00Z"),
    viewCount: 41,
    createdAt: new Date("2026-03-01T12:00:00Z"),
    updatedAt: new Date("2026-03-04T12:00:00Z"),
    ...overrides,
  };
}

export function listItem(
  overrides: Partial<Article> = {},
  author: ArticleWithAuthor["author"] = { firstName: "Ama", lastName: "Mensah" },
): ArticleWithAuthor {
  return { article: articleData(overrides), author };
}

export const signedInUser = {
  id: "user-1",
  email: "ama@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};

export const XSS = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">';
