import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, reviews, seers, type BookingStatus, type CancelledBy, type SessionType } from "../../../db/schema";
import { reviewEditableUntil } from "../../../src/domain/after-payment";
import { meetingPath } from "../../../src/domain/consultations";
import type { Clock } from "../../platform/clock";
import { ordersOf } from "../shop";

export type { OwnOrder } from "../shop";

/** A profile is a page, not an archive: the most recent of each are enough. */
export const PROFILE_LIST_LIMIT = 100;

/** One of the signed-in client's own consultations: no payment data, no split of the fee, no Seer account details. */
export interface OwnConsultation {
  id: string;
  seerId: string;
  seerName: string;
  sessionType: SessionType;
  scheduledDate: string;
  scheduledTime: string;
  clientTimezone: string;
  startsAt: Date;
  endsAt: Date;
  amount: string;
  status: BookingStatus;
  /** Only confirmed bookings open the meeting room (docs/product.md#states-and-transitions). */
  meetingLink: string | null;
  /** The calendar entry's SEQUENCE: above 0 on a confirmed booking means it was moved; the cancel/move calls send it back. */
  calendarSequence: number;
  /** What has reached the client's card so far, and what was promised (more while a refund is still on its way). */
  refundedAmount: string;
  refundDue: string;
  cancelledAt: Date | null;
  cancelledBy: CancelledBy | null;
  /** A new start the Seer proposed, waiting for the client's answer. */
  proposedStartsAt: Date | null;
  /** The client's review of a completed session, with the Seer's reply. */
  review: OwnReview | null;
}

export interface OwnReview {
  rating: number;
  comment: string | null;
  seerReply: string | null;
  createdAt: Date;
  editableUntil: Date;
}

export interface OwnConsultations {
  /** Soonest first. */
  upcoming: OwnConsultation[];
  /** Most recent first. */
  past: OwnConsultation[];
}

const consultationColumns = {
  id: bookings.id,
  seerId: bookings.seerId,
  seerName: seers.fullName,
  sessionType: bookings.sessionType,
  scheduledDate: bookings.scheduledDate,
  scheduledTime: bookings.scheduledTime,
  clientTimezone: bookings.clientTimezone,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  amount: bookings.amount,
  status: bookings.status,
  consultationLink: bookings.consultationLink,
  calendarSequence: bookings.calendarSequence,
  refundedAmount: bookings.refundedAmount,
  refundDue: bookings.refundDue,
  cancelledAt: bookings.cancelledAt,
  cancelledBy: bookings.cancelledBy,
  proposedStartsAt: bookings.proposedStartsAt,
  reviewRating: reviews.rating,
  reviewComment: reviews.comment,
  reviewSeerReply: reviews.seerReply,
  reviewCreatedAt: reviews.createdAt,
} as const;

/**
 * What the profile page shows of the signed-in user's own consultations and orders. Every query is
 * scoped to the caller's id, so nobody sees another person's rows. Abandoned checkouts are left out:
 * a pending booking whose hold ran out, or a pending order whose reservation ran out, was never bought.
 */
export function createProfileService({ db, clock }: { db: Db; clock: Clock }) {
  async function consultations(userId: string): Promise<OwnConsultations> {
    const now = clock.now();
    const live = or(
      eq(bookings.status, "confirmed"),
      and(eq(bookings.status, "pending"), or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now))),
    );
    const mine = eq(bookings.clientId, userId);
    const query = () =>
      db
        .select(consultationColumns)
        .from(bookings)
        .innerJoin(seers, eq(seers.id, bookings.seerId))
        .leftJoin(reviews, eq(reviews.bookingId, bookings.id));
    // A session still running counts as upcoming: its meeting room is still useful. Cancelled, completed and
    // no-show sessions are past whenever they were due.
    const [upcoming, past] = await Promise.all([
      query()
        .where(and(mine, live, gte(bookings.endsAt, now)))
        .orderBy(asc(bookings.startsAt), asc(bookings.id))
        .limit(PROFILE_LIST_LIMIT),
      query()
        .where(
          and(mine, or(and(live, lt(bookings.endsAt, now)), inArray(bookings.status, ["cancelled", "completed", "no_show"]))),
        )
        .orderBy(desc(bookings.startsAt), asc(bookings.id))
        .limit(PROFILE_LIST_LIMIT),
    ]);
    const view = ({
      consultationLink,
      reviewRating,
      reviewComment,
      reviewSeerReply,
      reviewCreatedAt,
      ...row
    }: (typeof upcoming)[number]): OwnConsultation => ({
      ...row,
      meetingLink: row.status === "confirmed" ? (consultationLink ?? meetingPath(row.id)) : null,
      review:
        reviewRating !== null && reviewCreatedAt !== null
          ? {
              rating: reviewRating,
              comment: reviewComment,
              seerReply: reviewSeerReply,
              createdAt: reviewCreatedAt,
              editableUntil: reviewEditableUntil(reviewCreatedAt),
            }
          : null,
    });
    return { upcoming: upcoming.map(view), past: past.map(view) };
  }

  /** The shop's own read of a person's orders and their returns (modules/shop). */
  const ordersOfUser = (userId: string) => ordersOf({ db, clock }, userId, PROFILE_LIST_LIMIT);

  return { consultations, orders: ordersOfUser };
}
