-- Issue #46, expand only (docs/deploy.md): a vendor ships their own part of an order with a carrier and tracking
-- number; one row per order and vendor, so marking it shipped again changes nothing.
CREATE TABLE "vendor_shipments" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"carrier" varchar(100) NOT NULL,
	"tracking_number" varchar(100) NOT NULL,
	"tracking_link" varchar(500),
	"shipped_by" text,
	"shipped_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_shipments_order_vendor_key" UNIQUE("order_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_shipments" ADD CONSTRAINT "vendor_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "vendor_shipments" ADD CONSTRAINT "vendor_shipments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "vendor_shipments" ADD CONSTRAINT "vendor_shipments_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "vendor_shipments_vendor_idx" ON "vendor_shipments" USING btree ("vendor_id");
