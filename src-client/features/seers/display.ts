import type { Seer, SeerReview } from "./types";

/** A card shows two specializations and two languages (docs/product.md#constants-and-limits). */
export const CARD_LIST_LENGTH = 2;

/**
 * The card's 'Starting from' price: price15Min, else price30Min, and only when the Seer has a
 * 30-minute price at all (docs/product.md#routes-and-screens).
 */
export function startingPrice(seer: Pick<Seer, "price15Min" | "price30Min">): string | null {
  if (!seer.price30Min) return null;
  return seer.price15Min ?? seer.price30Min;
}

export const ratingOf = (seer: Pick<Seer, "averageRating">): number => Number(seer.averageRating) || 0;

/** "Ama M.": a reviewer's first name and last initial, never the full surname; `anonymous` without a name. */
export function reviewerName(client: SeerReview["client"], anonymous: string): string {
  const first = client.firstName?.trim() ?? "";
  const initial = client.lastName?.trim() ? `${Array.from(client.lastName.trim())[0]?.toUpperCase() ?? ""}.` : "";
  return [first, initial].filter(Boolean).join(" ") || anonymous;
}
