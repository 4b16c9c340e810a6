-- Search that forgives: case and accents folded ('ifa' finds 'Ifá'), typos tolerated by trigram word similarity.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinned to one dictionary it is safe to index.
CREATE OR REPLACE FUNCTION public.search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "seers_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "seers_search_fold_idx" ON "seers" USING gin (public.search_fold("full_name" || ' ' || "tradition" || ' ' || "biography") gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "products_search_fold_idx" ON "products" USING gin (public.search_fold("name" || ' ' || "description") gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "articles_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "articles_search_fold_idx" ON "articles" USING gin (public.search_fold("title" || ' ' || "content") gin_trgm_ops);
