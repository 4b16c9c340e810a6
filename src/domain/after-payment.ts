/**
 * What happens to a paid consultation (docs/product.md#cancellation-rescheduling-and-reviews): refunds by the Terms,
 * rescheduling, the 24-hour reminder, completion and reviews. Pure rules on instants and integer cents, shared by
 * the server (which decides) and the client (which shows the same figures before asking).
 */
import { cents, percentOf, type Cents } from "./money";
import { splitCommission } from "./consultations";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The Terms' cancellation window, counted as elapsed time (86,400 seconds), whatever the wall clocks do. */
export const CANCELLATION_WINDOW_HOURS = 24;
/** A client may move a booking free of charge until this long before its start. */
export const RESCHEDULE_NOTICE_HOURS = 24;
/** The reminder goes out this long before the start, to bookings made earlier than that. */
export const REMINDER_HOURS_BEFORE = 24;
/** A session is settled (completed, or a client's or a Seer's no-show) once its room has closed. */
export const ROOM_CLOSES_MINUTES_AFTER_END = 15;
/** A client can change their review this long after writing it. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEW_COMMENT_MAX = 2000;
export const CANCELLATION_REASON_MAX = 500;

/** Who cancels decides the rule: a client by the Terms, a Seer always refunds in full, an admin chooses. */
export type Canceller = "client" | "seer";

/**
 * The share of the price a client gets back: all of it when cancelling more than 24 hours before the start,
 * half within 24 hours, nothing once the session has started (no-shows forfeit).
 */
export function clientRefundPercent(startsAt: Date, at: Date): 100 | 50 | 0 {
  const ahead = startsAt.getTime() - at.getTime();
  if (ahead > CANCELLATION_WINDOW_HOURS * HOUR_MS) return 100;
  if (ahead > 0) return 50;
  return 0;
}

/** The refund in cents for a cancellation now; what was already refunded is never refunded twice. */
export function refundFor(canceller: Canceller, amount: Cents, alreadyRefunded: Cents, startsAt: Date, at: Date): Cents {
  const percent = canceller === "seer" ? 100 : clientRefundPercent(startsAt, at);
  const due = percentOf(amount, percent);
  return cents(Math.max(0, due - alreadyRefunded));
}

/** After refunds, the platform keeps 20% of what was not refunded and the Seer 80%, adding up to the cent. */
export function splitAfterRefunds(amount: Cents, refunded: Cents): { platformFee: Cents; seerEarnings: Cents } {
  return splitCommission(cents(Math.max(0, amount - refunded)));
}

/**
 * How an ended session is settled, by the room's records (the Terms): a client who never joined forfeits (`no_show`),
 * whether or not the Seer came; a client who joined when the Seer never did is refunded in full (`seer_no_show`);
 * both there, or no records kept, `completed`.
 */
export type SessionOutcome = "completed" | "no_show" | "seer_no_show";

export function sessionOutcome(joined: { client: boolean; seer: boolean } | null): SessionOutcome {
  if (!joined) return "completed";
  if (!joined.client) return "no_show";
  return joined.seer ? "completed" : "seer_no_show";
}

export function canReschedule(startsAt: Date, at: Date): boolean {
  return startsAt.getTime() - at.getTime() >= RESCHEDULE_NOTICE_HOURS * HOUR_MS;
}

/** When the 24-hour reminder is due, or null for a booking confirmed less than 24 hours before its start. */
export function reminderDueAt(startsAt: Date, confirmedAt: Date): Date | null {
  const due = new Date(startsAt.getTime() - REMINDER_HOURS_BEFORE * HOUR_MS);
  return confirmedAt.getTime() <= due.getTime() ? due : null;
}

export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}
