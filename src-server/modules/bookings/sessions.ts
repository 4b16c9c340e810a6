import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or } from "drizzle-orm";
import { bookingDisputes, bookings, reviews, seers } from "../../../db/schema";
import { reviewEditableUntil } from "../../../src/domain/after-payment";
import { meetingPath } from "../../../src/domain/consultations";
import { canReport, reportableUntil } from "../../../src/domain/disputes";
import type { BookingDeps } from "./deps";
import { cardDisputeColumns } from "./disputes";

/** The profile is a page, not an archive: the most recent of each list are enough. */
export const CLIENT_SESSIONS_LIMIT = 100;

/** One of the signed-in client's own consultations: no payment data, no split of the fee, no Seer account details. */
const clientSessionColumns = {
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
  /** The calendar entry's SEQUENCE: above 0 on a confirmed booking means it was moved; the cancel/move calls send it back. */
  calendarSequence: bookings.calendarSequence,
  /** What has reached the client's card so far, and what was promised (more while a refund is still on its way). */
  refundedAmount: bookings.refundedAmount,
  refundDue: bookings.refundDue,
  cancelledAt: bookings.cancelledAt,
  cancelledBy: bookings.cancelledBy,
  /** A new start the Seer proposed, waiting for the client's answer. */
  proposedStartsAt: bookings.proposedStartsAt,
  reviewRating: reviews.rating,
  reviewComment: reviews.comment,
  reviewSeerReply: reviews.seerReply,
  reviewCreatedAt: reviews.createdAt,
  completedAt: bookings.completedAt,
  /** A problem the client reported (issue #43), its Seer's answer and the decision; null when none. */
  dispute: cardDisputeColumns,
} as const;

/**
 * A client's own sessions, for their profile (bookings.clientSessions): upcoming soonest first, past most recent
 * first, at most `limit` of each. Scoped to the caller's id; a pending booking whose hold ran out was never bought and is left out.
 */
export async function clientSessions({ db, clock }: Pick<BookingDeps, "db" | "clock">, userId: string, limit: number) {
  const now = clock.now();
  const live = or(
    eq(bookings.status, "confirmed"),
    and(eq(bookings.status, "pending"), or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now))),
  );
  const mine = eq(bookings.clientId, userId);
  const query = () =>
    db
      .select(clientSessionColumns)
      .from(bookings)
      .innerJoin(seers, eq(seers.id, bookings.seerId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .leftJoin(bookingDisputes, eq(bookingDisputes.bookingId, bookings.id));
  // A session still running counts as upcoming: its meeting room is still useful. Cancelled, completed and
  // no-show sessions (the client's or the Seer's) are past whenever they were due.
  const [upcoming, past] = await Promise.all([
    query()
      .where(and(mine, live, gte(bookings.endsAt, now)))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(limit),
    query()
      .where(and(mine, or(and(live, lt(bookings.endsAt, now)), inArray(bookings.status, ["cancelled", "completed", "no_show", "seer_no_show"]))))
      .orderBy(desc(bookings.startsAt), asc(bookings.id))
      .limit(limit),
  ]);
  const view = ({
    consultationLink,
    reviewRating,
    reviewComment,
    reviewSeerReply,
    reviewCreatedAt,
    completedAt,
    ...row
  }: (typeof upcoming)[number]) => ({
    ...row,
    /** Until when a completed session may be reported, and whether it may be now (none reported yet). */
    reportableUntil: row.status === "completed" && completedAt ? reportableUntil(completedAt) : null,
    canReport: !row.dispute && canReport({ status: row.status, completedAt }, now),
    /** Only confirmed bookings open the meeting room (docs/product.md#states-and-transitions). */
    meetingLink: row.status === "confirmed" ? (consultationLink ?? meetingPath(row.id)) : null,
    /** The client's review of a completed session, with the Seer's reply. */
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

export type ClientSessions = Awaited<ReturnType<typeof clientSessions>>;
