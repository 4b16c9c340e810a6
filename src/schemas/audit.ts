import { z } from "zod";
import { ADMIN_ACTIONS } from "../domain/audit";

const filters = z.object({
  /** Part of the acting admin's e-mail. */
  actor: z.string().trim().max(320, "An e-mail has at most 320 characters.").optional(),
  action: z.enum(ADMIN_ACTIONS, "Choose one of the listed actions.").optional(),
  from: z.iso.date("A date is written YYYY-MM-DD.").optional(),
  to: z.iso.date("A date is written YYYY-MM-DD.").optional(),
});

const inOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const OUT_OF_ORDER = { message: "The first day must not be after the last.", path: ["to"] };

/** The audit log's filters (`admin.auditExport` and /api/admin/audit.csv): all optional. */
export const auditFilterSchema = filters.refine(inOrder, OUT_OF_ORDER);

/** A page of the log (`admin.auditLog`): the filters and, after the first page, the last row shown. */
export const auditLogSchema = filters
  .extend({ before: z.object({ createdAt: z.date(), id: z.string().max(64) }).optional() })
  .refine(inOrder, OUT_OF_ORDER);

export type AuditFilter = z.infer<typeof auditFilterSchema>;
export type AuditLogInput = z.infer<typeof auditLogSchema>;
