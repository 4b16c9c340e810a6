-- SQL that drizzle cannot express: extensions, the no-double-booking exclusion constraint, trigram search indexes.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Two live bookings (pending holds and confirmed) of one Seer may never overlap in time.
-- Expired, failed and cancelled bookings free their slot.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("seer_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
--> statement-breakpoint
CREATE INDEX "seers_search_trgm_idx" ON "seers" USING gin (("full_name" || ' ' || "biography") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("name" || ' ' || "description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "articles_search_trgm_idx" ON "articles" USING gin (("title" || ' ' || "content") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tags");
