import { index, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { users } from "./users";

/**
 * The admin audit log (issue #47): one row per admin action, written in the action's own transaction
 * (`src-server/platform/audit.ts`), never changed or deleted (a trigger refuses UPDATE and DELETE). The actor's e-mail
 * is kept as it was then: a deleted account is anonymised, never removed, and its rows stay.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: id(),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    actorEmail: varchar("actor_email", { length: 320 }).notNull(),
    /** The procedure's key, e.g. `orders.refund`. */
    action: varchar("action", { length: 100 }).notNull(),
    /** The record acted on: its table's word (`order`, `booking`, ...) and its id. */
    targetKind: varchar("target_kind", { length: 40 }).notNull(),
    targetId: text("target_id").notNull(),
    /** The input without secrets, with the state before and after where the action knows them cheaply. */
    change: jsonb("change").$type<Record<string, unknown>>().notNull(),
    /** Fastify's request id, as the request's log lines carry it. */
    requestId: varchar("request_id", { length: 100 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_audit_created_idx").on(t.createdAt, t.id),
    index("admin_audit_actor_idx").on(t.actorId, t.createdAt),
    index("admin_audit_action_idx").on(t.action, t.createdAt),
  ],
);
