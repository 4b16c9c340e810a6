import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { bookings, reviews, seers } from "../../../db/schema";
import { reviewEditableUntil } from "../../../src/domain/after-payment";
import { AppError } from "../../../src/errors";
import type { Clock } from "../../platform/clock";
import type { SessionUser } from "../../platform/trpc/context";
import { BOOKING_NOT_FOUND } from "./messages";

export const REVIEW_ONLY_AFTER = "You can review a session once it has taken place.";
export const REVIEW_LOCKED = "A review can be changed for 7 days after it is written.";
export const ALREADY_REPLIED = "You have already replied to this review.";
export const NO_REVIEW = "This session has no review yet.";

export interface BookingReview {
  bookingId: string;
  rating: number;
  comment: string | null;
  seerReply: string | null;
  seerRepliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  editableUntil: Date;
}

const reviewColumns = {
  bookingId: reviews.bookingId,
  rating: reviews.rating,
  comment: reviews.comment,
  seerReply: reviews.seerReply,
  seerRepliedAt: reviews.seerRepliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
} as const;

const view = (row: Omit<BookingReview, "editableUntil">): BookingReview => ({
  ...row,
  editableUntil: reviewEditableUntil(row.createdAt),
});

/**
 * Reviews of completed sessions: only the booking's client writes one, and may change it for 7 days; the Seer
 * replies once, publicly. The Seer's average and count change in the same transaction, under a lock on the
 * Seer's row, so that concurrent reviews never leave a stale figure.
 */
export function createReviewService({ db, clock }: { db: Db; clock: Clock }) {
  async function refreshSeerRating(tx: Tx, seerId: string): Promise<void> {
    await tx
      .update(seers)
      .set({
        averageRating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.seerId} = ${seerId})`,
        totalReviews: sql`(select count(*)::int from ${reviews} where ${reviews.seerId} = ${seerId})`,
      })
      .where(eq(seers.id, seerId));
  }

  /** bookings.writeReview */
  async function writeReview(
    user: SessionUser,
    input: { bookingId: string; rating: number; comment: string },
  ): Promise<BookingReview> {
    return db.transaction(async (tx) => {
      const [booking] = await tx
        .select({ id: bookings.id, seerId: bookings.seerId, status: bookings.status })
        .from(bookings)
        .where(and(eq(bookings.id, input.bookingId), eq(bookings.clientId, user.id)))
        .limit(1);
      if (!booking) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
      if (booking.status !== "completed") throw new AppError("CONFLICT", REVIEW_ONLY_AFTER);
      await tx.select({ id: seers.id }).from(seers).where(eq(seers.id, booking.seerId)).for("update");
      const now = clock.now();
      const comment = input.comment || null;
      const [existing] = await tx.select(reviewColumns).from(reviews).where(eq(reviews.bookingId, booking.id)).limit(1);
      let row: Omit<BookingReview, "editableUntil"> | undefined;
      if (existing) {
        if (reviewEditableUntil(existing.createdAt).getTime() < now.getTime()) throw new AppError("CONFLICT", REVIEW_LOCKED);
        [row] = await tx
          .update(reviews)
          .set({ rating: input.rating, comment, updatedAt: now })
          .where(eq(reviews.bookingId, booking.id))
          .returning(reviewColumns);
      } else {
        [row] = await tx
          .insert(reviews)
          .values({
            bookingId: booking.id,
            seerId: booking.seerId,
            clientId: user.id,
            rating: input.rating,
            comment,
            createdAt: now,
            updatedAt: now,
          })
          .returning(reviewColumns);
      }
      if (!row) throw new Error("Review write returned no row");
      await refreshSeerRating(tx, booking.seerId);
      return view(row);
    });
  }

  /** bookings.replyToReview */
  async function replyToReview(user: SessionUser, input: { bookingId: string; reply: string }): Promise<BookingReview> {
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(and(eq(bookings.id, input.bookingId), eq(seers.userId, user.id)))
      .limit(1);
    if (!booking) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
    const [row] = await db
      .update(reviews)
      .set({ seerReply: input.reply, seerRepliedAt: clock.now() })
      .where(and(eq(reviews.bookingId, booking.id), isNull(reviews.seerReply)))
      .returning(reviewColumns);
    if (row) return view(row);
    const [existing] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, booking.id)).limit(1);
    throw new AppError("CONFLICT", existing ? ALREADY_REPLIED : NO_REVIEW);
  }

  /** bookings.review: the review of one booking, for its client or its Seer; null when none is written yet. */
  async function review(user: SessionUser, bookingId: string): Promise<BookingReview | null> {
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .where(and(eq(bookings.id, bookingId), sql`(${bookings.clientId} = ${user.id} or ${seers.userId} = ${user.id})`))
      .limit(1);
    if (!booking) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
    const [row] = await db.select(reviewColumns).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
    return row ? view(row) : null;
  }

  return { review, writeReview, replyToReview };
}
