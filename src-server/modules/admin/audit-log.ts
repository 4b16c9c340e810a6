import { and, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { adminAudit } from "../../../db/schema";
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE } from "../../../src/domain/audit";
import type { AuditFilter, AuditLogInput } from "../../../src/schemas/audit";
import { escapeLike } from "../../platform/database";

const DAY_MS = 86_400_000;

/** A UTC day's first instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

function where(filter: AuditFilter, before?: AuditLogInput["before"]): SQL | undefined {
  return and(
    filter.actor ? ilike(adminAudit.actorEmail, `%${escapeLike(filter.actor)}%`) : undefined,
    filter.action ? eq(adminAudit.action, filter.action) : undefined,
    filter.from ? gte(adminAudit.createdAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(adminAudit.createdAt, new Date(dayStart(filter.to).getTime() + DAY_MS)) : undefined,
    before
      ? or(
          lt(adminAudit.createdAt, before.createdAt),
          and(eq(adminAudit.createdAt, before.createdAt), lt(adminAudit.id, before.id)),
        )
      : undefined,
  );
}

function rows(db: Db, condition: SQL | undefined, limit: number) {
  return db
    .select({
      id: adminAudit.id,
      createdAt: adminAudit.createdAt,
      actorId: adminAudit.actorId,
      actorEmail: adminAudit.actorEmail,
      action: adminAudit.action,
      targetKind: adminAudit.targetKind,
      targetId: adminAudit.targetId,
      change: adminAudit.change,
      requestId: adminAudit.requestId,
    })
    .from(adminAudit)
    .where(condition)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
}

type AuditRow = Awaited<ReturnType<typeof rows>>[number];

/**
 * `admin.auditLog`: the admin audit log, newest first, filtered by part of the admin's e-mail, the action and UTC days,
 * 50 rows a page (the next page starts after `before`, the last row shown). Reads only: no procedure changes a row.
 */
export function auditLog(db: Db, input: AuditLogInput): Promise<AuditRow[]> {
  return rows(db, where(input, input.before), AUDIT_PAGE_SIZE);
}

/** `admin.auditExport`: the same filters, the newest 10,000 rows at most, for the CSV export. */
export function auditExport(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  return rows(db, where(filter), AUDIT_EXPORT_LIMIT);
}
