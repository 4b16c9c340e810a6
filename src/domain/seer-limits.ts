/**
 * docs/product.md#constants-and-limits: the directory's page sizes, apart from the directory's zod schemas
 * (../schemas/seers.ts) so that the directory's code does not fetch zod (25 KB gzipped) to show its first page
 * (issue #18).
 */
export const SEER_PAGE_SIZE = 12;
export const SEER_MAX_PAGE_SIZE = 50;
