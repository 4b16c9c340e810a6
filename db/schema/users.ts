import { sql } from "drizzle-orm";
import { char, check, index, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { CURRENCIES, type Currency } from "../../src/domain/currencies";
import { USER_ROLES, type UserRole } from "../../src/domain/enums";
import { LOCALES, type Locale } from "../../src/i18n/locales";
import { createdAt, id, oneOf, updatedAt } from "./columns";

export type { UserRole } from "../../src/domain/enums";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: varchar("email", { length: 320 }).notNull().unique(),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    profileImageUrl: varchar("profile_image_url", { length: 500 }),
    role: varchar("role", { length: 20 }).$type<UserRole>().notNull().default("client"),
    /** When the person proved they read mail at `email` (a link mailed at sign-up or at a change of address). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    /** Set when the account was deleted: the row stays, anonymised, so that bookings and orders keep their client. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    /** Since when the person has a second factor (a confirmed authenticator app or a passkey); null: none. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true, mode: "date" }),
    /** The currency chosen in the header (issue #41), kept on the account for every device; null: not chosen. */
    currency: char("currency", { length: 3 }).$type<Currency>(),
    /** The language the person chose (issue #45): their pages and mails. */
    locale: varchar("locale", { length: 5 }).$type<Locale>().notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_check", oneOf(t.role, USER_ROLES)),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_currency_check", sql`${t.currency} is null or ${oneOf(t.currency, CURRENCIES)}`),
    check("users_locale_check", oneOf(t.locale, LOCALES)),
  ],
);

/** Kept apart from users so that no query of users can ever carry a password hash by accident. */
export const passwordCredentials = pgTable("password_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  updatedAt: updatedAt(),
});

/** Login sessions (docs/product.md#entities: sid, sess, expire). sid is the SHA-256 of the cookie's session id, never the id itself. */
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid", { length: 64 }).primaryKey(),
    sess: jsonb("sess").$type<Record<string, unknown>>().notNull(),
    expire: timestamp("expire", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").using("btree", sql`(${t.sess}->>'userId')`)],
);

export const ACCOUNT_TOKEN_PURPOSES = ["password-reset", "verify-email"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens mailed to a person: a password reset or an address to verify. Only the token's SHA-256 is kept,
 * so a leaked table opens nothing; `email` is the address the link was sent to (a new one, for a change of address).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 30 }).$type<AccountTokenPurpose>().notNull(),
    email: varchar("email", { length: 320 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("account_tokens_purpose_check", oneOf(t.purpose, ACCOUNT_TOKEN_PURPOSES)),
    index("account_tokens_user_idx").on(t.userId, t.purpose),
  ],
);
