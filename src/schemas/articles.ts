import { z } from "zod";
import {
  ARTICLE_CATEGORY_MAX,
  ARTICLE_CONTENT_MIN,
  ARTICLE_TITLE_MAX,
  ARTICLE_TITLE_MIN,
  ARTICLE_URL_MAX,
} from "../domain/article-limits";
import { htmlToText, isHttpUrl, isImageUrl, parseTags } from "../domain/articles";

export const ARTICLE_CONTENT_MAX = 100_000;
export const ARTICLE_EXCERPT_MAX = 500;
export const ARTICLE_TAGS_MAX = 20;
export const ARTICLE_TAG_MAX = 50;

export const articleMessages = {
  titleMin: "Title must be at least 3 characters",
  titleMax: "Title must be at most 255 characters",
  contentMin: "Content must be at least 50 characters",
  contentMax: "Content must be at most 100,000 characters",
  categoryRequired: "Category is required",
  categoryMax: "Category must be at most 100 characters",
  excerptMax: "Excerpt must be at most 500 characters",
  tagMax: "Each tag must be at most 50 characters",
  tagsMax: "Use at most 20 tags",
  videoUrl: "Video URL must be a valid URL starting with http:// or https://",
  imageUrl: "Image URL must start with https:// or be an image uploaded to this site",
  urlMax: "URL must be at most 500 characters",
} as const;

/** A URL field: empty (nothing), or an accepted URL; javascript:, data: and the like are refused. */
const optionalUrl = (accepts: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(ARTICLE_URL_MAX, articleMessages.urlMax)
    .refine((value) => value === "" || accepts(value), message);

/** The fields the form and the procedure share, with docs/product.md#validation's messages. */
const articleFields = {
  title: z.string().trim().min(ARTICLE_TITLE_MIN, articleMessages.titleMin).max(ARTICLE_TITLE_MAX, articleMessages.titleMax),
  /** The editor's HTML (the server sanitises it); the minimum counts the text a reader sees, not the markup. */
  content: z
    .string()
    .trim()
    .max(ARTICLE_CONTENT_MAX, articleMessages.contentMax)
    .refine((html) => htmlToText(html).length >= ARTICLE_CONTENT_MIN, articleMessages.contentMin),
  category: z.string().trim().min(1, articleMessages.categoryRequired).max(ARTICLE_CATEGORY_MAX, articleMessages.categoryMax),
  excerpt: z.string().trim().max(ARTICLE_EXCERPT_MAX, articleMessages.excerptMax),
  videoUrl: optionalUrl(isHttpUrl, articleMessages.videoUrl),
  featuredImageUrl: optionalUrl(isImageUrl, articleMessages.imageUrl),
  isPublished: z.boolean(),
};

const tagList = z
  .array(z.string().trim().max(ARTICLE_TAG_MAX, articleMessages.tagMax))
  .transform((tags) => parseTags(tags.join(",")))
  .pipe(z.array(z.string()).max(ARTICLE_TAGS_MAX, articleMessages.tagsMax));

/** The article form as the user fills it: tags are the tag field's pills (a pill typed with commas counts as several). */
export const articleFormSchema = z.object({
  ...articleFields,
  tags: z
    .array(z.string())
    .refine((tags) => parseTags(tags.join(",")).every((tag) => tag.length <= ARTICLE_TAG_MAX), articleMessages.tagMax)
    .refine((tags) => parseTags(tags.join(",")).length <= ARTICLE_TAGS_MAX, articleMessages.tagsMax),
});
export type ArticleFormValues = z.input<typeof articleFormSchema>;

export const emptyArticleForm: ArticleFormValues = {
  title: "",
  content: "",
  excerpt: "",
  category: "",
  tags: [],
  videoUrl: "",
  featuredImageUrl: "",
  isPublished: false,
};

const emptyToNull = (value: string): string | null => (value === "" ? null : value);

/**
 * The create/update input (docs/product.md#api's body): tags as an array. Excerpt and URLs are optional; empty means none.
 * Unknown keys such as authorId are dropped: the author always comes from the session.
 */
export const articleInputSchema = z.object({
  ...articleFields,
  excerpt: articleFields.excerpt.nullish().transform((value) => emptyToNull(value ?? "")),
  videoUrl: articleFields.videoUrl.nullish().transform((value) => emptyToNull(value ?? "")),
  featuredImageUrl: articleFields.featuredImageUrl.nullish().transform((value) => emptyToNull(value ?? "")),
  tags: tagList.optional().transform((tags) => tags ?? []),
  isPublished: z.boolean().default(false),
});
export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleData = z.output<typeof articleInputSchema>;

/** The form's values as the procedure takes them. */
export function toArticleInput(values: ArticleFormValues): ArticleInput {
  return { ...values, tags: parseTags(values.tags.join(",")) };
}

/** An article's stored values back into the form (edit screen). */
export function toArticleForm(article: {
  title: string;
  content: string;
  excerpt: string | null;
  category: string;
  tags: string[];
  videoUrl: string | null;
  featuredImageUrl: string | null;
  isPublished: boolean;
}): ArticleFormValues {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt ?? "",
    category: article.category,
    tags: article.tags,
    videoUrl: article.videoUrl ?? "",
    featuredImageUrl: article.featuredImageUrl ?? "",
    isPublished: article.isPublished,
  };
}

const articleId = z.string().trim().min(1).max(100);

export const articleIdSchema = z.object({ id: articleId });

export const articleUpdateSchema = articleInputSchema.extend({ id: articleId });

export const articleSlugSchema = z.object({ slug: z.string().trim().min(1).max(300) });

/** Blank filters mean "all". */
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const articleListInputSchema = z
  .object({
    search: optionalFilter(200),
    category: optionalFilter(ARTICLE_CATEGORY_MAX),
  })
  .default({ search: undefined, category: undefined });
export type ArticleListQuery = z.output<typeof articleListInputSchema>;
