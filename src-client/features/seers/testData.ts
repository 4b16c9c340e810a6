import type { Seer, SeerReview } from "./types";

/** A Seer as the server's public shape returns it, for component tests. */
export function seerData(overrides: Partial<Seer> = {}): Seer {
  return {
    id: "seer-1",
    userId: "user-1",
    fullName: "Ama Serwaa Owusu",
    country: "Ghana",
    languages: ["English", "Twi"],
    tradition: "Akan Akom",
    specializations: ["Divination", "Ancestral Healing"],
    biography: "A priestess of the Akan tradition.",
    yearsOfPractice: 10,
    profileImageUrl: null,
    price15Min: "25.00",
    price30Min: "45.00",
    price60Min: "80.00",
    timezone: "UTC",
    averageRating: "4.80",
    totalReviews: 12,
    horizonDays: 90,
    ...overrides,
  };
}

export function reviewData(
  overrides: Omit<Partial<SeerReview>, "client"> & { client?: Partial<SeerReview["client"]> } = {},
): SeerReview {
  const { client, ...rest } = overrides;
  return {
    id: "review-1",
    rating: 5,
    comment: "A wise and caring reading.",
    seerReply: null,
    createdAt: new Date("2026-11-01T10:00:00Z"),
    ...rest,
    client: { firstName: "Ama", lastName: "M", email: null, profileImageUrl: null, ...client },
  };
}

/** One page of seers.list. */
export function pageOf(
  items: Seer[],
  options: { total?: number; totalCapped?: boolean; page?: number; nextCursor?: string | null } = {},
) {
  return {
    items,
    total: options.total ?? items.length,
    totalCapped: options.totalCapped ?? false,
    page: options.page ?? 1,
    pageSize: 12,
    nextCursor: options.nextCursor ?? null,
  };
}

export const filterOptionsData = {
  countries: ["Ghana", "Nigeria", "South Africa"],
  specializations: ["Ancestral Healing", "Divination", "Herbalism"],
  languages: ["English", "Twi", "Yoruba"],
};
