import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  APPLICATION_STATUSES,
  PAYOUT_STATUSES,
  VERIFICATION_STATUSES,
  type ApplicationStatus,
  type PayoutStatus,
  type VerificationStatus,
} from "../../src/domain/enums";
import { createdAt, id, money, oneOf, updatedAt } from "./columns";
import { users } from "./users";

export type { ApplicationStatus, VerificationStatus } from "../../src/domain/enums";

/** Weekly availability in the Seer's own timezone: weekday (0 = Sunday) -> offered "HH:MM" slots. */
export type WeeklyAvailability = Partial<Record<"0" | "1" | "2" | "3" | "4" | "5" | "6", string[]>>;

export const seers = pgTable(
  "seers",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: varchar("full_name", { length: 200 }).notNull(),
    country: varchar("country", { length: 100 }).notNull(),
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tradition: varchar("tradition", { length: 200 }).notNull(),
    specializations: text("specializations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    biography: text("biography").notNull().default(""),
    yearsOfPractice: integer("years_of_practice").notNull().default(1),
    profileImageUrl: varchar("profile_image_url", { length: 500 }),
    verificationStatus: varchar("verification_status", { length: 20 }).$type<VerificationStatus>().notNull().default("pending"),
    price15Min: money("price_15_min"),
    price30Min: money("price_30_min"),
    price60Min: money("price_60_min"),
    timezone: varchar("timezone", { length: 64 }).notNull().default("UTC"),
    availability: jsonb("availability").$type<WeeklyAvailability>(),
    /** The Seer's scheduling rules (issue #42, migration 0024; src/domain/schedule.ts). */
    bufferBeforeMinutes: smallint("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: smallint("buffer_after_minutes").notNull().default(0),
    noticeMinutes: integer("notice_minutes").notNull().default(120),
    horizonDays: smallint("horizon_days").notNull().default(90),
    dailyCap: smallint("daily_cap"),
    averageRating: numeric("average_rating", { precision: 3, scale: 2 }).notNull().default("0"),
    totalReviews: integer("total_reviews").notNull().default(0),
    /** The Seer's connected payout account at the payment provider; its state follows the provider's account.updated. */
    stripeAccountId: varchar("stripe_account_id", { length: 255 }),
    payoutStatus: varchar("payout_status", { length: 20 }).$type<PayoutStatus>().notNull().default("not_connected"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("seers_verification_status_check", oneOf(t.verificationStatus, VERIFICATION_STATUSES)),
    check("seers_years_check", sql`${t.yearsOfPractice} >= 1`),
    check("seers_rating_check", sql`${t.averageRating} >= 0 and ${t.averageRating} <= 5`),
    check("seers_reviews_check", sql`${t.totalReviews} >= 0`),
    check("seers_payout_status_check", oneOf(t.payoutStatus, PAYOUT_STATUSES)),
    check(
      "seers_schedule_rules_check",
      sql`${t.bufferBeforeMinutes} in (0, 5, 10, 15, 30) and ${t.bufferAfterMinutes} in (0, 5, 10, 15, 30) and ${t.noticeMinutes} between 0 and 20160 and ${t.horizonDays} between 1 and 365 and coalesce(${t.dailyCap}, 1) between 1 and 12`,
    ),
    uniqueIndex("seers_stripe_account_idx").on(t.stripeAccountId),
    check(
      "seers_prices_positive",
      sql`coalesce(${t.price15Min}, 1) > 0 and coalesce(${t.price30Min}, 1) > 0 and coalesce(${t.price60Min}, 1) > 0`,
    ),
    index("seers_status_rating_idx").on(t.verificationStatus, t.averageRating.desc()),
    // The directory's order over listed Seers (migration 0017): its first page and each Load more read 12 entries.
    index("seers_directory_order_idx")
      .on(t.averageRating.desc(), t.fullName, t.id)
      .where(
        sql`${t.verificationStatus} = 'approved' and coalesce(${t.price15Min}, ${t.price30Min}, ${t.price60Min}) is not null`,
      ),
    index("seers_country_idx").on(t.country),
    index("seers_specializations_idx").using("gin", t.specializations),
    index("seers_languages_idx").using("gin", t.languages),
  ],
);

/**
 * How many listed Seers each combination of the directory's filters shows, '' standing for "all"; kept by the trigger
 * seers_directory_count (migration 0017) in the same transaction as the change, so the totals are exact without
 * counting the table on every request.
 */
export const seerDirectoryCounts = pgTable(
  "seer_directory_counts",
  {
    country: varchar("country", { length: 100 }).notNull(),
    specialization: text("specialization").notNull(),
    language: text("language").notNull(),
    listed: integer("listed").notNull(),
  },
  (t) => [primaryKey({ name: "seer_directory_counts_pk", columns: [t.country, t.specialization, t.language] })],
);

export const seerApplications = pgTable(
  "seer_applications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: varchar("full_name", { length: 200 }).notNull(),
    country: varchar("country", { length: 100 }).notNull(),
    contactEmail: varchar("contact_email", { length: 320 }).notNull(),
    contactPhone: varchar("contact_phone", { length: 50 }),
    tradition: varchar("tradition", { length: 200 }).notNull(),
    lineageInfo: text("lineage_info").notNull(),
    yearsOfPractice: integer("years_of_practice").notNull(),
    specializations: text("specializations").array().notNull(),
    biography: text("biography").notNull(),
    ethicsStatement: text("ethics_statement").notNull(),
    idDocumentUrl: varchar("id_document_url", { length: 500 }).notNull(),
    status: varchar("status", { length: 20 }).$type<ApplicationStatus>().notNull().default("pending"),
    reviewNotes: text("review_notes"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("seer_applications_status_check", oneOf(t.status, APPLICATION_STATUSES)),
    check("seer_applications_years_check", sql`${t.yearsOfPractice} >= 1`),
    check("seer_applications_specializations_check", sql`cardinality(${t.specializations}) >= 1`),
    index("seer_applications_status_idx").on(t.status, t.createdAt),
    index("seer_applications_user_idx").on(t.userId),
    uniqueIndex("seer_applications_one_pending_per_user")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A Seer's time off or one date's own hours, on the Seer's own dates (issue #42, migration 0024). */
export type OverrideHours = { start: string; end: string }[];

export const seerDateOverrides = pgTable(
  "seer_date_overrides",
  {
    id: id(),
    seerId: text("seer_id")
      .notNull()
      .references(() => seers.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    kind: varchar("kind", { length: 10 }).$type<"time_off" | "hours">().notNull(),
    hours: jsonb("hours").$type<OverrideHours>().notNull().default([]),
    note: varchar("note", { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("seer_date_overrides_kind_check", sql`${t.kind} in ('time_off', 'hours')`),
    check("seer_date_overrides_range_check", sql`${t.endDate} >= ${t.startDate}`),
    index("seer_date_overrides_seer_idx").on(t.seerId, t.endDate),
  ],
);
