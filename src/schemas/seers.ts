import { z } from "zod";

export const SEER_PAGE_SIZE = 12;
export const SEER_MAX_PAGE_SIZE = 50;

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
  /** The 1-based page to read; named cursor so that infinite queries ("Load more") can drive it. */
  cursor: z.number().int().min(1).max(10_000).nullish(),
  pageSize: z.number().int().min(1).max(SEER_MAX_PAGE_SIZE).default(SEER_PAGE_SIZE),
});
export type SeerListInput = z.input<typeof seerListInputSchema>;
export type SeerListQuery = z.output<typeof seerListInputSchema>;

export const seerIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** The directory's URL search params live with every page's in ./search.ts (zod/mini, for the first load). */
export type { SeerDirectorySearch } from "./search";

export const SEER_NOT_FOUND = "Seer Not Found";
