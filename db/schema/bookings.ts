import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { CURRENCIES, type Currency } from "../../src/domain/currencies";
import { DISPUTE_REASONS, DISPUTE_STATUSES, type DisputeReason, type DisputeStatus } from "../../src/domain/disputes";
import { localCharges } from "./local-charges";
import {
  BOOKING_STATUSES,
  CANCELLED_BY,
  REFUND_STATUSES,
  SESSION_TYPES,
  type BookingStatus,
  type CancelledBy,
  type RefundStatus,
  type SessionType,
} from "../../src/domain/enums";
import { createdAt, id, money, oneOf, updatedAt } from "./columns";
import { seers } from "./seers";
import { users } from "./users";

export type { BookingStatus, CancelledBy, SessionType } from "../../src/domain/enums";

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    seerId: text("seer_id")
      .notNull()
      .references(() => seers.id, { onDelete: "restrict" }),
    sessionType: varchar("session_type", { length: 10 }).$type<SessionType>().notNull(),
    scheduledDate: date("scheduled_date", { mode: "string" }).notNull(),
    scheduledTime: varchar("scheduled_time", { length: 5 }).notNull(),
    clientTimezone: varchar("client_timezone", { length: 64 }).notNull().default("UTC"),
    seerTimezone: varchar("seer_timezone", { length: 64 }).notNull().default("UTC"),
    /** The absolute instants that scheduledDate and scheduledTime mean in the client's timezone. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    /** An unpaid booking holds its slot until this instant. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true, mode: "date" }),
    /** The Seer's price in US dollars: the booking's book value, whatever the client paid in. */
    amount: money("amount").notNull(),
    /**
     * What the client was charged (issue #41): in US dollars (`amount` itself), or in their own currency, its minor
     * units and the rate (units per US dollar, as `exchange_rates` held it) that turned `amount` into them.
     */
    chargeCurrency: char("charge_currency", { length: 3 }).$type<Currency>().notNull().default("USD"),
    chargeAmount: bigint("charge_amount", { mode: "number" }),
    chargeRate: numeric("charge_rate", { precision: 18, scale: 6 }),
    platformFee: money("platform_fee").notNull(),
    seerEarnings: money("seer_earnings").notNull(),
    status: varchar("status", { length: 20 }).$type<BookingStatus>().notNull().default("pending"),
    consultationLink: varchar("consultation_link", { length: 500 }),
    paymentProvider: varchar("payment_provider", { length: 20 }).notNull().default("stripe"),
    /** Stripe's payment intent, when Stripe took the payment; never a local charge's id (migration 0031). */
    stripePaymentIntentId: varchar("stripe_payment_intent_id", { length: 255 }),
    /** The local charge (Paystack, Flutterwave) that takes the payment, when a gateway does (migration 0031). */
    localChargeId: varchar("local_charge_id", { length: 64 }).references(() => localCharges.id, { onDelete: "restrict" }),
    paymentIntentId: varchar("payment_intent_id", { length: 255 }),
    paymentMetadata: jsonb("payment_metadata").$type<Record<string, unknown>>(),
    notes: text("notes"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    /** Refunds the provider reports, summed from booking_refunds; fee and earnings are what remains, split 20/80. */
    refundedAmount: money("refunded_amount").notNull().default("0"),
    /** What the cancellation promised to refund; refundedAmount reaches it when the provider has paid it out. */
    refundDue: money("refund_due").notNull().default("0"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    cancelledBy: varchar("cancelled_by", { length: 10 }).$type<CancelledBy>(),
    cancellationReason: varchar("cancellation_reason", { length: 500 }),
    /** The calendar entry's SEQUENCE: raised by every reschedule and by cancellation. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** A new start proposed by the Seer, waiting for the client to accept. */
    proposedStartsAt: timestamp("proposed_starts_at", { withTimezone: true, mode: "date" }),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_session_type_check", oneOf(t.sessionType, SESSION_TYPES)),
    check("bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_time_format", sql`${t.scheduledTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("bookings_interval_check", sql`${t.endsAt} > ${t.startsAt}`),
    check(
      "bookings_money_check",
      sql`${t.amount} >= 0 and ${t.platformFee} >= 0 and ${t.seerEarnings} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundDue} >= 0 and ${t.platformFee} + ${t.seerEarnings} + ${t.refundedAmount} = ${t.amount}`,
    ),
    check(
      "bookings_charge_check",
      sql`case when ${t.chargeCurrency} = 'USD' then ${t.chargeAmount} is null and ${t.chargeRate} is null else ${oneOf(t.chargeCurrency, CURRENCIES)} and ${t.chargeAmount} > 0 and ${t.chargeRate} > 0 end`,
    ),
    check("bookings_cancelled_by_check", sql`${t.cancelledBy} is null or ${oneOf(t.cancelledBy, CANCELLED_BY)}`),
    index("bookings_seer_starts_idx").on(t.seerId, t.startsAt),
    index("bookings_client_idx").on(t.clientId, t.startsAt),
    index("bookings_status_idx").on(t.status, t.createdAt),
    uniqueIndex("bookings_payment_intent_idx").on(t.paymentIntentId),
    index("bookings_confirmed_ends_idx")
      .on(t.endsAt)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

/** Every refund of a booking's payment as the provider reports it, made here or elsewhere; one row per refund id. */
export const bookingRefunds = pgTable(
  "booking_refunds",
  {
    id: varchar("id", { length: 255 }).primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    /** Book value in US dollars; for a booking charged in another currency, at the charge's rate. */
    amount: money("amount").notNull(),
    /** The refund in the charge's own currency, its minor units, as the provider made it; null for a US dollar charge. */
    localAmount: bigint("local_amount", { mode: "number" }),
    status: varchar("status", { length: 20 }).$type<RefundStatus>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A refund of a local charge worth less than half a cent has a book value of 0; its own amount is above zero.
    check("booking_refunds_amount_check", sql`${t.amount} >= 0 and (${t.amount} > 0 or ${t.localAmount} > 0)`),
    check("booking_refunds_status_check", oneOf(t.status, REFUND_STATUSES)),
    index("booking_refunds_booking_idx").on(t.bookingId),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    seerId: text("seer_id")
      .notNull()
      .references(() => seers.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    seerReply: text("seer_reply"),
    seerRepliedAt: timestamp("seer_replied_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_comment_length_check", sql`${t.comment} is null or char_length(${t.comment}) <= 2000`),
    check("reviews_reply_length_check", sql`${t.seerReply} is null or char_length(${t.seerReply}) <= 2000`),
    index("reviews_seer_idx").on(t.seerId, t.createdAt.desc()),
  ],
);

/**
 * Report a problem (issue #43): a client's claim about a completed session, within its hold; the Seer answers once;
 * an admin decides (a full or partial refund, or release to the Seer), who, when and why. One per booking; while
 * open, the booking's money does not settle, so its Seer is not paid.
 */
export const bookingDisputes = pgTable(
  "booking_disputes",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    reason: varchar("reason", { length: 20 }).$type<DisputeReason>().notNull(),
    text: text("text").notNull(),
    status: varchar("status", { length: 20 }).$type<DisputeStatus>().notNull().default("open"),
    seerAnswer: text("seer_answer"),
    seerAnsweredAt: timestamp("seer_answered_at", { withTimezone: true, mode: "date" }),
    /** What the decision refunded, in US dollars; null for a release. */
    refundAmount: money("refund_amount"),
    decisionReason: text("decision_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "restrict" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("booking_disputes_booking_unique").on(t.bookingId),
    check("booking_disputes_reason_check", oneOf(t.reason, DISPUTE_REASONS)),
    check("booking_disputes_status_check", oneOf(t.status, DISPUTE_STATUSES)),
    check("booking_disputes_text_check", sql`char_length(${t.text}) between 1 and 2000`),
    check(
      "booking_disputes_answer_check",
      sql`${t.seerAnswer} is null or char_length(${t.seerAnswer}) between 1 and 2000`,
    ),
    check("booking_disputes_decided_check", sql`(${t.status} = 'open') = (${t.decidedAt} is null)`),
    index("booking_disputes_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);
