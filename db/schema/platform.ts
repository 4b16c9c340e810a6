import { integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Idempotency-Key requests already seen, per user and operation: the first request's answer is kept so that a
 * retried one gets it again instead of doing the work twice (`response` is null while the first is still running).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: varchar("scope", { length: 50 }).notNull(),
    key: varchar("key", { length: 255 }).notNull(),
    requestHash: varchar("request_hash", { length: 64 }).notNull(),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "idempotency_keys_pk", columns: [t.userId, t.scope, t.key] })],
);

/** Named leases (e.g. one shopper's checkout), held until released or until they run out, on any number of servers. */
export const locks = pgTable("locks", {
  name: varchar("name", { length: 200 }).primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Throttling counters shared by every app instance: a fixed window of hits per key, and for failures a time before
 * which the key is refused (growing with each failure). Keys hold no personal data in clear (see platform/throttle.ts).
 */
export const throttles = pgTable("throttles", {
  key: varchar("key", { length: 200 }).primaryKey(),
  hits: integer("hits").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true, mode: "date" }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true, mode: "date" }),
});
