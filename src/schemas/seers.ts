import { z } from "zod";
import { SEER_MAX_PAGE_SIZE, SEER_PAGE_SIZE } from "../domain/seer-limits";

/** An optional filter: blank means "all", as the directory's selects default to all. */
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const seerListInputSchema = z.object({
  search: optionalFilter(200),
  country: optionalFilter(100),
  specialization: optionalFilter(200),
  language: optionalFilter(100),
  /**
   * Where the page starts: absent for the first, else the previous page's nextCursor (an opaque token holding the last
   * Seer's place in the order, so that Load more reads on from there however deep). Named cursor so that infinite
   * queries drive it.
   */
  cursor: z.string().max(1000).nullish(),
  /**
   * Where the first page starts when it is not the list's first: a `Load more` link's cursor, opened as a page of its
   * own (issue #39). Apart from cursor, which tRPC leaves out of an infinite query's cache key, so that the list from
   * that place and the list from the top are not one cache entry.
   */
  from: z.string().max(1000).optional(),
  pageSize: z.number().int().min(1).max(SEER_MAX_PAGE_SIZE).default(SEER_PAGE_SIZE),
});
export type SeerListInput = z.input<typeof seerListInputSchema>;
export type SeerListQuery = z.output<typeof seerListInputSchema>;

export const seerIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const SEER_NOT_FOUND = "Seer Not Found";
/** A directory cursor that is not one of the server's nextCursor values for this search. */
export const INVALID_CURSOR = "This page of the directory is no longer valid. Please reload the list.";
