/**
 * docs/product.md#constants-and-limits: the article limits, apart from the article rules in articles.ts so that the
 * Wisdom Hub's search-param reader (src/schemas/search.ts, in every page's entry code) does not bring those along
 * (issue #18).
 */
export const ARTICLE_TITLE_MIN = 3;
export const ARTICLE_TITLE_MAX = 255;
export const ARTICLE_SLUG_MAX = 255;
export const ARTICLE_CONTENT_MIN = 50;
export const ARTICLE_CATEGORY_MAX = 100;
export const ARTICLE_PREVIEW_LENGTH = 150;
/** The URL columns are varchar(500). */
export const ARTICLE_URL_MAX = 500;
