import { sql } from "drizzle-orm";
import { boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

/** Craftspeople who sell in the Sacred Market (issue #46): an approved vendor application creates the row. */
export const vendors = pgTable(
  "vendors",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: varchar("business_name", { length: 255 }).notNull(),
    contactEmail: varchar("contact_email", { length: 320 }).notNull(),
    contactPhone: varchar("contact_phone", { length: 50 }),
    businessAddress: text("business_address"),
    country: varchar("country", { length: 100 }),
    description: text("description"),
    logoUrl: varchar("logo_url", { length: 500 }),
    taxId: varchar("tax_id", { length: 100 }),
    commissionPercentage: numeric("commission_percentage", { precision: 5, scale: 2 }).notNull().default("15.00"),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("vendors_commission_check", sql`${t.commissionPercentage} between 0 and 100`)],
);

export const vendorApplications = pgTable(
  "vendor_applications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: varchar("business_name", { length: 255 }).notNull(),
    contactEmail: varchar("contact_email", { length: 320 }).notNull(),
    contactPhone: varchar("contact_phone", { length: 50 }),
    businessAddress: text("business_address"),
    country: varchar("country", { length: 100 }),
    description: text("description"),
    productTypes: text("product_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    businessRegistrationDoc: varchar("business_registration_doc", { length: 500 }),
    taxId: varchar("tax_id", { length: 100 }),
    bankAccountInfo: text("bank_account_info"),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    reviewNotes: text("review_notes"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("vendor_applications_status_idx").on(t.status),
    // One pending application per person (migration 0037).
    uniqueIndex("vendor_applications_one_pending_per_user")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
