import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "../../platform/cursors";
import { closestFirst, countUpTo, textSearch } from "../../platform/database";
import type { Db } from "../../../db/client";
import { z } from "zod";
import { reviews, seerDirectoryCounts, seers, users, type VerificationStatus, type WeeklyAvailability } from "../../../db/schema";
import { SEER_SEARCH_TOTAL_CAP } from "../../../src/domain/seer-limits";
import { AppError } from "../../../src/errors";
import { INVALID_CURSOR, SEER_NOT_FOUND, type SeerListQuery } from "../../../src/schemas/seers";

/**
 * What anyone may see of a Seer. Leaves out the payment provider account, the availability
 * document and the timestamps; userId stays because a Seer finds their own profile by it (docs/product.md#api).
 */
export const publicSeerColumns = {
  id: seers.id,
  userId: seers.userId,
  fullName: seers.fullName,
  country: seers.country,
  languages: seers.languages,
  tradition: seers.tradition,
  specializations: seers.specializations,
  biography: seers.biography,
  yearsOfPractice: seers.yearsOfPractice,
  profileImageUrl: seers.profileImageUrl,
  price15Min: seers.price15Min,
  price30Min: seers.price30Min,
  price60Min: seers.price60Min,
  timezone: seers.timezone,
  averageRating: seers.averageRating,
  totalReviews: seers.totalReviews,
} as const;

export interface PublicSeer {
  id: string;
  userId: string;
  fullName: string;
  country: string;
  languages: string[];
  tradition: string;
  specializations: string[];
  biography: string;
  yearsOfPractice: number;
  profileImageUrl: string | null;
  /** Two-decimal strings, or null when the Seer does not offer that length. */
  price15Min: string | null;
  price30Min: string | null;
  price60Min: string | null;
  timezone: string;
  /** numeric(3,2) as a string, e.g. "4.80"; "0.00" when nobody has reviewed yet. */
  averageRating: string;
  totalReviews: number;
}

/** A Seer's own profile, for their dashboard: also its status and availability, never the payment account. */
export interface OwnSeer extends PublicSeer {
  verificationStatus: VerificationStatus;
  availability: WeeklyAvailability | null;
}

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

export interface SeerReview {
  id: string;
  rating: number;
  comment: string | null;
  /** The Seer's one public reply, if any. */
  seerReply: string | null;
  createdAt: Date;
  client: {
    firstName: string | null;
    /** Only the initial: the profile shows "Ama M.", so the rest of a client's name never leaves the server. */
    lastName: string | null;
    /**
     * Always null. docs/product.md#entities puts the client's e-mail in this shape, but reviews are public: publishing
     * every reviewer's address to any visitor would leak private data that no screen displays.
     */
    email: null;
    profileImageUrl: string | null;
  };
}

/** A Seer's public reviews are capped: the profile is a page, not an archive. */
export const SEER_REVIEWS_LIMIT = 100;
export const FEATURED_SEERS = 3;

/**
 * A Seer is listed (directory, profile, featured, filters, and the admin's 'Total Seers') once approved and with at
 * least one price: an approved Seer who set no price yet could be found but not booked.
 */
export const listedSeer: SQL = sql`(${seers.verificationStatus} = 'approved' and coalesce(${seers.price15Min}, ${seers.price30Min}, ${seers.price60Min}) is not null)`;
const approved = listedSeer;

/** Directory order: best rated first, then by name, with the id making the order total for paging. */
const directoryOrder = [desc(seers.averageRating), asc(seers.fullName), asc(seers.id)];

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

/** The first character of a name, counting a surrogate pair or accented letter as one. */
const initialOf = (name: string | null): string | null => {
  const first = name?.trim() ? Array.from(name.trim())[0] : undefined;
  return first ? first.toUpperCase() : null;
};

/** `searchTotalCap`: how far a search counts (SEER_SEARCH_TOTAL_CAP; tests pass a small one). */
export function createSeerService({ db, searchTotalCap = SEER_SEARCH_TOTAL_CAP }: { db: Db; searchTotalCap?: number }) {
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
    if (searched) return searchPage(query, searched, keys, cursor, filter);
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

  /**
   * A search's page: the Seers whose text contains it, in the directory's order (an index walk or a few rows sorted,
   * whichever the planner finds cheaper), then, while the page is not full, the near matches closest first
   * (`closestFirst`: only the closest candidates scored). Its total counts the matches from this page on, up to
   * `searchTotalCap`, and adds the pages before; beyond the cap it is a lower bound (`totalCapped`).
   */
  async function searchPage(
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

  // The profile is the hottest read: its statement is built once (drizzle's prepare), not per request.
  const seerById = db
    .select(publicSeerColumns)
    .from(seers)
    .where(and(eq(seers.id, sql.placeholder("id")), approved))
    .limit(1)
    .prepare("seer_by_id");

  async function byId(id: string): Promise<PublicSeer> {
    const [seer] = await seerById.execute({ id });
    if (!seer) throw new AppError("NOT_FOUND", SEER_NOT_FOUND);
    return seer;
  }

  async function reviewsOf(seerId: string): Promise<SeerReview[]> {
    await byId(seerId);
    const rows = await db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        seerReply: reviews.seerReply,
        createdAt: reviews.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.clientId))
      .where(eq(reviews.seerId, seerId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(SEER_REVIEWS_LIMIT);
    return rows.map(({ firstName, lastName, profileImageUrl, ...review }) => ({
      ...review,
      client: { firstName, lastName: initialOf(lastName), email: null, profileImageUrl },
    }));
  }

  async function featured(): Promise<PublicSeer[]> {
    return db
      .select(publicSeerColumns)
      .from(seers)
      .where(approved)
      .orderBy(...directoryOrder)
      .limit(FEATURED_SEERS);
  }

  /** The signed-in user's own Seer profile, whatever its status, or null when they have none. */
  async function mine(userId: string): Promise<OwnSeer | null> {
    const [seer] = await db
      .select({ ...publicSeerColumns, verificationStatus: seers.verificationStatus, availability: seers.availability })
      .from(seers)
      .where(eq(seers.userId, userId))
      .limit(1);
    return seer ?? null;
  }

  return { list, listAllApproved, filterOptions, byId, reviews: reviewsOf, featured, mine };
}
