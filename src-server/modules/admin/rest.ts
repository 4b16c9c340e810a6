import type { FastifyInstance } from "fastify";
import type { ApplicationStatus } from "../../../src/domain/enums";
import type { ReviewApplicationInput } from "../../../src/schemas/applications";
import { ADMIN_ACTION_LABELS, type AdminAction } from "../../../src/domain/audit";
import { toCsv } from "../../platform/csv";
import { jsonBody, pathParam, queryParam, restRoute } from "../../platform/rest";
import { createCallerFactory, router } from "../../platform/trpc/init";
import { adminRouter } from "./router";

const AUDIT_CSV_HEADER = [
  "When (UTC)",
  "Admin",
  "Admin id",
  "Action",
  "What",
  "Record kind",
  "Record id",
  "Change",
  "Request id",
];

const labelOf = (action: string): string => Object.entries(ADMIN_ACTION_LABELS).find(([key]) => key === action)?.[1] ?? action;

const route = restRoute(createCallerFactory(router({ admin: adminRouter })));

/** The admin paths of docs/product.md#api, each through the same procedure as the console. */
export function registerAdminRoutes(app: FastifyInstance): void {
  app.get(
    "/api/admin/seer-applications",
    route(async (caller, req) => {
      const status = queryParam(req, "status") as ApplicationStatus | undefined;
      return (await caller.admin.seerApplications(status ? { status } : undefined)).applications;
    }),
  );
  app.get(
    "/api/admin/bookings",
    route((caller) => caller.admin.bookings()),
  );
  // The audit log as CSV, with the Audit log tab's filters (docs/product.md#admin); the schema refuses bad ones (400).
  app.get(
    "/api/admin/audit.csv",
    route(async (caller, req, ctx) => {
      const param = (name: string) => queryParam(req, name) || undefined;
      const rows = await caller.admin.auditExport({
        actor: param("actor"),
        action: param("action") as AdminAction | undefined,
        from: param("from"),
        to: param("to"),
      });
      const csv = toCsv(
        AUDIT_CSV_HEADER,
        rows.map((r) => [
          r.createdAt.toISOString(),
          r.actorEmail,
          r.actorId,
          r.action,
          labelOf(r.action),
          r.targetKind,
          r.targetId,
          JSON.stringify(r.change),
          r.requestId,
        ]),
      );
      void ctx.res
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .header("cache-control", "no-store")
        .send(csv);
      return null;
    }),
  );
  app.patch(
    "/api/admin/seer-applications/:id",
    route((caller, req) =>
      caller.admin.reviewApplication({ ...jsonBody<Omit<ReviewApplicationInput, "id">>(req), id: pathParam(req, "id") }),
    ),
  );
}
