/**
 * docs/product.md#constants-and-limits: the directory's page sizes, apart from the directory's zod schemas
 * (../schemas/seers.ts) so that the directory's code does not fetch zod (25 KB gzipped) to show its first page
 * (issue #18).
 */
export const SEER_PAGE_SIZE = 12;
export const SEER_MAX_PAGE_SIZE = 50;
/**
 * A directory search counts its matches up to this many past the pages already shown; beyond, `Showing N of M+ Seers`
 * (docs/product.md "Directory"), so that a search that matches a tenth of 100,000 Seers does not count them all.
 */
export const SEER_SEARCH_TOTAL_CAP = 500;
