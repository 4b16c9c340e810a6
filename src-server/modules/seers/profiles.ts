import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { reviews, seers, users } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { SEER_NOT_FOUND } from "../../../src/schemas/seers";
import { listedSeer, publicSeerColumns, type OwnSeer, type PublicSeer } from "./columns";
import { ownSeerColumns } from "./own-seer";

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

/** The first character of a name, counting a surrogate pair or accented letter as one. */
const initialOf = (name: string | null): string | null => {
  const first = name?.trim() ? Array.from(name.trim())[0] : undefined;
  return first ? first.toUpperCase() : null;
};

/** One Seer's profile (`seers.byId`), its reviews (`seers.reviews`), and a Seer's own profile (`seers.mine`). */
export function createSeerProfiles({ db }: { db: Db }) {
  // The profile is the hottest read: its statement is built once (drizzle's prepare), not per request.
  const seerById = db
    .select(publicSeerColumns)
    .from(seers)
    .where(and(eq(seers.id, sql.placeholder("id")), listedSeer))
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

  /** The signed-in user's own Seer profile, whatever its status, or null when they have none. */
  async function mine(userId: string): Promise<OwnSeer | null> {
    const [seer] = await db
      .select(ownSeerColumns)
      .from(seers)
      .where(eq(seers.userId, userId))
      .limit(1);
    return seer ?? null;
  }

  return { byId, reviews: reviewsOf, mine };
}
