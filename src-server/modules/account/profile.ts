import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ReturnStatus } from "../../../src/domain/enums";
import { trackingUrl } from "../../../src/domain/shipping";
import {
  bookings,
  orderReturns,
  orders,
  reviews,
  seers,
  type BookingStatus,
  type CancelledBy,
  type OrderItemSnapshot,
  type SessionType,
  type ShippingMethod,
} from "../../../db/schema";
import { reviewEditableUntil } from "../../../src/domain/after-payment";
import { meetingPath } from "../../../src/domain/consultations";
import type { Clock } from "../../platform/clock";

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

export interface OwnOrder {
  id: string;
  orderNumber: string;
  createdAt: Date;
  items: OrderItemSnapshot[];
  subtotal: string;
  shippingCost: string;
  total: string;
  currency: string;
  shippingMethod: ShippingMethod;
  status: string;
  trackingNumber: string | null;
  trackingCarrier: string | null;
  /** The carrier's page for the parcel, once shipped. */
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  /** Refunded so far (in full or per line). */
  refundedAmount: string;
  /** A return asked for, and where it stands. */
  returnStatus: ReturnStatus | null;
  returnNote: string | null;
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

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  items: orders.items,
  subtotal: orders.subtotal,
  shippingCost: orders.shippingCost,
  total: orders.total,
  currency: orders.currency,
  shippingMethod: orders.shippingMethod,
  status: orders.status,
  trackingNumber: orders.trackingNumber,
  trackingCarrier: orders.trackingCarrier,
  trackingLink: orders.trackingLink,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  refundedAmount: orders.refundedAmount,
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

  async function ordersOf(userId: string): Promise<OwnOrder[]> {
    const now = clock.now();
    const bought = or(
      inArray(orders.status, ["paid", "shipped", "delivered", "refunded"]),
      and(eq(orders.status, "pending"), gt(orders.reservationExpiresAt, now)),
    );
    const rows = await db
      .select({ ...orderColumns, returnStatus: orderReturns.status, returnNote: orderReturns.decisionNote })
      .from(orders)
      .leftJoin(orderReturns, eq(orderReturns.orderId, orders.id))
      .where(and(eq(orders.userId, userId), bought))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PROFILE_LIST_LIMIT);
    return rows.map(({ trackingLink, ...o }) => ({
      ...o,
      trackingUrl: o.trackingCarrier && o.trackingNumber ? trackingUrl(o.trackingCarrier, o.trackingNumber, trackingLink) : null,
    }));
  }

  return { consultations, orders: ordersOf };
}
