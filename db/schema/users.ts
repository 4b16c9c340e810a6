import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { USER_ROLES, type UserRole } from "../../src/domain/enums";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_check", oneOf(t.role, USER_ROLES)),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
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
  (t) => [index("sessions_expire_idx").on(t.expire)],
);
