import { asc, desc, sql, type SQL } from "drizzle-orm";
import { seers, type VerificationStatus, type WeeklyAvailability } from "../../../db/schema";

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
  horizonDays: seers.horizonDays,
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
  /** How many days ahead clients may book this Seer (issue #42): the booking calendars stop there. */
  horizonDays: number;
}

/** A Seer's own profile, for their dashboard: also its status and availability, never the payment account. */
export interface OwnSeer extends PublicSeer {
  verificationStatus: VerificationStatus;
  availability: WeeklyAvailability | null;
}

/**
 * A Seer is listed (directory, profile, featured, filters, and the admin's 'Total Seers') once approved and with at
 * least one price: an approved Seer who set no price yet could be found but not booked.
 */
export const listedSeer: SQL = sql`(${seers.verificationStatus} = 'approved' and coalesce(${seers.price15Min}, ${seers.price30Min}, ${seers.price60Min}) is not null)`;

/** Directory order: best rated first, then by name, with the id making the order total for paging. */
export const directoryOrder = [desc(seers.averageRating), asc(seers.fullName), asc(seers.id)];
