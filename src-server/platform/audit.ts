import type { Queryable } from "../../db/client";
import { adminAudit } from "../../db/schema";

/**
 * The admin who acts, as the audit log records them: set on the context by the admin procedure's door
 * (`platform/trpc/init.ts`) and handed by each admin mutation to its service, which writes the row in its transaction.
 * It has the user's `id`, so it serves where an operation records who acted.
 */
export interface AdminActor {
  id: string;
  email: string;
  /** The procedure's key, e.g. `orders.refund`. */
  action: string;
  requestId: string;
  /** When the request acted (the app's clock). */
  at: Date;
}

/** The record an admin action changed and what changed (the input without secrets, before and after where cheap). */
interface AdminActionRecord {
  targetKind: string;
  targetId: string;
  change: Record<string, unknown>;
}

/** Keys whose values never reach the audit log, at any depth: passwords, tokens, secrets, keys. */
const SECRET_KEY = /password|secret|token|api[-_]?key|authorization|cookie/i;
export const REDACTED = "[redacted]";

/** A value with every secret-named key's value replaced (at most 20 levels deep; deeper is dropped). */
function withoutSecrets(value: unknown, depth: number): unknown {
  if (depth > 20) return null;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object" || value === null) return value;
  return redacted(value, depth);
}

/** An object's entries with every secret-named key's value replaced, at any depth. */
export function redacted(value: object, depth = 0): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : withoutSecrets(v, depth + 1)]),
  );
}

/**
 * Writes one admin action's row, in the transaction of the action itself (`tx`), so that it commits with the action or
 * not at all. The row is never changed afterwards: the table refuses UPDATE and DELETE (migration 0022).
 */
export async function recordAdminAction(tx: Queryable, actor: AdminActor, record: AdminActionRecord): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: actor.action,
    targetKind: record.targetKind,
    targetId: record.targetId,
    change: redacted(record.change),
    requestId: actor.requestId,
    createdAt: actor.at,
  });
}
