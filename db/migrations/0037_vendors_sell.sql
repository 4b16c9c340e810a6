-- Issue #46, expand only (docs/deploy.md): vendors apply and sell. One pending vendor application per person, as Seer
-- applications have; a vendor's product is listed only once an admin approved it (the platform's own products, with no
-- vendor, are listed as before).
CREATE UNIQUE INDEX "vendor_applications_one_pending_per_user" ON "vendor_applications" USING btree ("user_id") WHERE "vendor_applications"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_by" text;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id", "created_at");
