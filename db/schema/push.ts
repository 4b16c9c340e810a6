import { index, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

/**
 * A device a person opted in to web push from (issue #44): the endpoint and keys its browser's push service gave.
 * One row per endpoint: the same browser signed in as someone else is handed over to them.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: varchar("endpoint", { length: 2000 }).notNull().unique(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    /** What the person sees in the list of their devices (the browser's own description, shortened). */
    device: varchar("device", { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
