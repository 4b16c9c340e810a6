import { asc, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { products } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config";
import type { Outbox } from "../../platform/mail";
import { recentBookings } from "../bookings";
import { analytics } from "./analytics";
import { auditExport, auditLog } from "./audit-log";
import type { AuditFilter, AuditLogInput } from "../../../src/schemas/audit";
import { createApplicationReview } from "./applications";

/** docs/product.md#constants-and-limits: the admin bookings list shows 20 rows. */
export const ADMIN_BOOKINGS_SHOWN = 20;

/** Every product, active or not, those out of stock or low on stock first (docs/product.md#admin). */
async function listProducts(db: Db) {
  return (
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        price: products.price,
        currency: products.currency,
        imageUrl: products.imageUrl,
        stockQuantity: products.stockQuantity,
        isActive: products.isActive,
      })
      .from(products)
      // Out of stock first, then at or below the product's threshold, then the rest; by name within each.
      .orderBy(
        sql`case when ${products.stockQuantity} <= 0 then 0 when ${products.stockQuantity} <= ${products.lowStockThreshold} then 1 else 2 end`,
        asc(products.name),
        asc(products.id),
      )
  );
}

/**
 * The admin console: the application queue (applications.ts), the figures (analytics.ts), bookings, products and the
 * audit log (audit-log.ts).
 */
export function createAdminService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  config: Pick<Config, "publicUrl">;
  /** This instance's session cache told that an approved applicant became a Seer. */
  sessionsChanged?: (userId: string) => void;
}) {
  const { applicationCounts, listApplications, review } = createApplicationReview(deps);
  return {
    listApplications,
    review,
    analytics: () => analytics({ ...deps, applicationCounts }),
    /** The newest 20 bookings and how many there are in all: the bookings module's read. */
    recentBookings: () => recentBookings(deps.db, ADMIN_BOOKINGS_SHOWN),
    listProducts: () => listProducts(deps.db),
    auditLog: (input: AuditLogInput) => auditLog(deps.db, input),
    auditExport: (filter: AuditFilter) => auditExport(deps.db, filter),
  };
}
