-- Issue #46, expand only (docs/deploy.md): a vendor's part of an order is delivered on its own (an admin marks it;
-- its 7-day return window starts then), and a return may name the lines it takes back (null: the whole order).
ALTER TABLE "vendor_shipments" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vendor_shipments" ADD COLUMN "delivered_by" text;
--> statement-breakpoint
ALTER TABLE "vendor_shipments" ADD CONSTRAINT "vendor_shipments_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "lines" jsonb;
