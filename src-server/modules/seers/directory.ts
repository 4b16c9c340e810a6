import { and, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { seerDirectoryCounts, seers } from "../../../db/schema";
import { SEER_SEARCH_TOTAL_CAP } from "../../../src/domain/seer-limits";
import { INVALID_CURSOR, type SeerListQuery } from "../../../src/schemas/seers";
import { decodeCursor, encodeCursor } from "../../platform/cursors";
import { closestFirst, countUpTo, textSearch } from "../../platform/database";
import { directoryOrder, listedSeer, publicSeerColumns, type PublicSeer } from "./columns";

export interface SeerPage {
  items: PublicSeer[];
  /**
   * How many Seers the list holds. A search counts no further than SEER_SEARCH_TOTAL_CAP matches past the pages before:
   * then `totalCapped` is true and `total` is a lower bound ("500+").
   */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** The cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

export interface SeerFilterOptions {
  countries: string[];
  specializations: string[];
  languages: string[];
}

export const FEATURED_SEERS = 3;
const approved = listedSeer;

const searchOf = (search: string) => textSearch([seers.fullName, seers.tradition, seers.biography], search);

/** Listed Seers under the three filters; a search's own conditions are added by each of its statements. */
function directoryFilter(query: Pick<SeerListQuery, "country" | "specialization" | "language">): SQL {
  const conditions: SQL[] = [approved];
  if (query.country) conditions.push(eq(seers.country, query.country));
  // Array containment (@>) is what the GIN indexes on specializations and languages serve.
  if (query.specialization) conditions.push(sql`${seers.specializations} @> array[${query.specialization}]::text[]`);
  if (query.language) conditions.push(sql`${seers.languages} @> array[${query.language}]::text[]`);
  return and(...conditions) ?? approved;
}

/** One key of an order: what is sorted, which way, and the type its cursor value is read back as. */
interface SortKey {
  expr: SQL;
  desc: boolean;
  type: "boolean" | "real" | "numeric" | "text";
}
type KeyValue = string | boolean;

/** The directory's own order, as keys. */
const baseKeys: SortKey[] = [
  { expr: sql`${seers.averageRating}`, desc: true, type: "numeric" },
  { expr: sql`${seers.fullName}`, desc: false, type: "text" },
  { expr: sql`${seers.id}`, desc: false, type: "text" },
];

/**
 * The directory's keys; a search puts the Seers whose text contains it first (in the directory's order), then the near
 * matches, closest first. A cursor holds all five values; the similarity of a Seer of the first group is not used.
 */
function sortKeys(searched: ReturnType<typeof searchOf> | null): SortKey[] {
  if (!searched) return baseKeys;
  const { substring, similarity } = searched;
  return [{ expr: substring, desc: true, type: "boolean" }, { expr: similarity, desc: true, type: "real" }, ...baseKeys];
}

/** A directory row with, under a search, its rank's values. */
type Ranked = PublicSeer & { substring: boolean; similarity: number | string };

/**
 * The rows after `values` in the order of `keys`: (k1 past v1) or (k1 = v1 and (k2 past v2 or ...)). The first key's
 * bound is repeated on its own, so that an index on the order starts its scan there instead of at the top.
 */
function after(keys: SortKey[], values: KeyValue[]): SQL {
  const value = (i: number) => sql`${values[i]}::${sql.raw(keys[i]?.type ?? "text")}`;
  let condition: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i];
    if (!key) continue;
    const past = key.desc ? sql`${key.expr} < ${value(i)}` : sql`${key.expr} > ${value(i)}`;
    condition = condition ? sql`(${past} or (${key.expr} = ${value(i)} and ${condition}))` : past;
  }
  const [first] = keys;
  if (!first || !condition) return sql`true`;
  return sql`${first.desc ? sql`${first.expr} <= ${value(0)}` : sql`${first.expr} >= ${value(0)}`} and ${condition}`;
}

/** A cursor: the page it opens (1-based) and the last shown Seer's sort key values. */
const cursorSchema = z.object({
  page: z.number().int().min(2),
  after: z
    .array(z.union([z.string().max(1000), z.boolean()]))
    .min(3)
    .max(5),
});
type Cursor = z.infer<typeof cursorSchema>;

/** A cursor of another search (its number of keys or their types differ) is as invalid as a garbled one. */
const decodeSeerCursor = (token: string, keys: SortKey[]): Cursor =>
  decodeCursor(
    token,
    cursorSchema,
    INVALID_CURSOR,
    (cursor) =>
      cursor.after.length === keys.length &&
      keys.every((key, i) => (key.type === "boolean") === (typeof cursor.after[i] === "boolean")),
  );

/**
 * A search's page: the Seers whose text contains it, in the directory's order (an index walk or a few rows sorted,
 * whichever the planner finds cheaper), then, while the page is not full, the near matches closest first
 * (`closestFirst`: only the closest candidates scored). Its total counts the matches from this page on, up to
 * `searchTotalCap`, and adds the pages before; beyond the cap it is a lower bound (`totalCapped`).
 */
async function searchPage(
  { db, searchTotalCap }: { db: Db; searchTotalCap: number },
  query: SeerListQuery,
  searched: ReturnType<typeof searchOf>,
  keys: SortKey[],
  cursor: Cursor | null,
  filter: SQL,
): Promise<SeerPage> {
  const { pageSize } = query;
  const page = cursor?.page ?? 1;
  const { substring, near, similarity } = searched;
  // Where the cursor stands: in the substring group (true), among the near matches (false), or at the top (null).
  const inSubstrings = cursor ? cursor.after[0] === true : null;
  const nearKeys = keys.slice(1);
  const substringsAfter = cursor && inSubstrings ? after(baseKeys, cursor.after.slice(2)) : sql`true`;
  const nearAfter = cursor && !inSubstrings ? after(nearKeys, cursor.after.slice(1)) : sql`true`;

  async function readPage(): Promise<Ranked[]> {
    const contained: Ranked[] =
      inSubstrings === false
        ? []
        : (
            await db
              .select(publicSeerColumns)
              .from(seers)
              .where(and(filter, substring, substringsAfter))
              .orderBy(...directoryOrder)
              .limit(pageSize)
          ).map((seer) => ({ ...seer, substring: true, similarity: 1 }));
    const closest = await closestFirst(db, pageSize - contained.length, (tx) =>
      tx
        .select({ ...publicSeerColumns, similarity: sql<number>`${similarity}` })
        .from(seers)
        .where(and(filter, sql`not ${substring}`, near, nearAfter))
        .orderBy(sql`${similarity} desc`, ...directoryOrder)
        .limit(pageSize - contained.length),
    );
    return [...contained, ...closest.map((seer) => ({ ...seer, substring: false }))];
  }
  // The matches from this page on: the rest of the substring group and every near match, or the near matches after.
  const rest =
    inSubstrings === null
      ? sql`true`
      : inSubstrings
        ? sql`(not ${substring} or ${substringsAfter})`
        : sql`not ${substring} and ${nearAfter}`;
  const [rows, remaining] = await Promise.all([
    readPage(),
    countUpTo(db, sql`select 1 from ${seers} where ${and(filter, searched.where, rest)}`, searchTotalCap),
  ]);
  const items: PublicSeer[] = [];
  let lastKey: KeyValue[] = [];
  for (const row of rows) {
    const { substring: contains, similarity: closeness, ...seer } = row;
    items.push(seer);
    lastKey = [Boolean(contains), String(closeness), seer.averageRating, seer.fullName, seer.id];
  }
  const total = (page - 1) * pageSize + remaining.count;
  const more = items.length === pageSize && (remaining.capped || page * pageSize < total);
  const nextCursor = more ? encodeCursor({ page: page + 1, after: lastKey } satisfies Cursor) : null;
  return { items, total, totalCapped: remaining.capped, page, pageSize, nextCursor };
}

/**
 * The directory (`seers.list`, `seers.listAll`, `seers.featured`, `seers.filterOptions`): listed Seers, filtered,
 * searched and paged by cursor. `searchTotalCap`: how far a search counts (SEER_SEARCH_TOTAL_CAP; tests pass a small one).
 */
export function createSeerDirectory({ db, searchTotalCap = SEER_SEARCH_TOTAL_CAP }: { db: Db; searchTotalCap?: number }) {
  // The directory without filters is its hottest view: its first page is prepared once.
  const unfilteredFirstPage = db
    .select(publicSeerColumns)
    .from(seers)
    .where(approved)
    .orderBy(...directoryOrder)
    .limit(sql.placeholder("limit"))
    .prepare("seer_directory_page");
  // Without a search, the total is the trigger-kept count of the filters' combination ('' for all), not a count(*).
  const keptTotal = db
    .select({ listed: seerDirectoryCounts.listed })
    .from(seerDirectoryCounts)
    .where(
      and(
        eq(seerDirectoryCounts.country, sql.placeholder("country")),
        eq(seerDirectoryCounts.specialization, sql.placeholder("specialization")),
        eq(seerDirectoryCounts.language, sql.placeholder("language")),
      ),
    )
    .prepare("seer_directory_count");

  async function list(query: SeerListQuery): Promise<SeerPage> {
    const { pageSize } = query;
    const searched = query.search ? searchOf(query.search) : null;
    const keys = sortKeys(searched);
    const cursor = query.cursor ? decodeSeerCursor(query.cursor, keys) : null;
    const page = cursor?.page ?? 1;
    const filter = directoryFilter(query);
    if (searched) return searchPage({ db, searchTotalCap }, query, searched, keys, cursor, filter);
    const unfiltered = !query.country && !query.specialization && !query.language;
    const [items, total] = await Promise.all([
      unfiltered && !cursor
        ? unfilteredFirstPage.execute({ limit: pageSize })
        : db
            .select(publicSeerColumns)
            .from(seers)
            .where(cursor ? and(filter, after(keys, cursor.after)) : filter)
            .orderBy(...directoryOrder)
            .limit(pageSize),
      // Without a search, the total is the trigger-kept count of the filters' combination ('' for all), not a count(*).
      keptTotal
        .execute({ country: query.country ?? "", specialization: query.specialization ?? "", language: query.language ?? "" })
        .then(([row]) => row?.listed ?? 0),
    ]);
    const last = items.at(-1);
    const more = last !== undefined && items.length === pageSize && page * pageSize < total;
    const nextCursor = more
      ? encodeCursor({ page: page + 1, after: [last.averageRating, last.fullName, last.id] } satisfies Cursor)
      : null;
    return { items, total, totalCapped: false, page, pageSize, nextCursor };
  }

  /** Every approved Seer in directory order: the GET /api/seers compatibility door. */
  async function listAllApproved(): Promise<PublicSeer[]> {
    return db
      .select(publicSeerColumns)
      .from(seers)
      .where(approved)
      .orderBy(...directoryOrder);
  }

  /** Distinct values of approved Seers only, so a filter never offers a value that yields nothing. */
  async function filterOptions(): Promise<SeerFilterOptions> {
    const distinctSorted = async (values: SQL): Promise<string[]> => {
      const distinct = db
        .selectDistinct({ value: sql<string>`${values}`.as("value") })
        .from(seers)
        .where(approved)
        .as("v");
      const rows = await db
        .select({ value: distinct.value })
        .from(distinct)
        .where(sql`${distinct.value} <> ''`)
        // Case-insensitive order first, so the result does not depend on the server's collation.
        .orderBy(sql`lower(${distinct.value})`, distinct.value);
      return rows.map((row) => row.value);
    };
    const [countries, specializations, languages] = await Promise.all([
      distinctSorted(sql`${seers.country}`),
      distinctSorted(sql`unnest(${seers.specializations})`),
      distinctSorted(sql`unnest(${seers.languages})`),
    ]);
    return { countries, specializations, languages };
  }

  async function featured(): Promise<PublicSeer[]> {
    return db
      .select(publicSeerColumns)
      .from(seers)
      .where(approved)
      .orderBy(...directoryOrder)
      .limit(FEATURED_SEERS);
  }

  return { list, listAllApproved, filterOptions, featured };
}
