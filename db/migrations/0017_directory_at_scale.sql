-- The directory at 100,000 Seers (issue #18): its order served by an index (first page and Load more read 12 index
-- entries, not the table), and its exact totals kept by a trigger instead of counted on every request.
CREATE INDEX "seers_directory_order_idx" ON "seers" USING btree ("average_rating" DESC, "full_name", "id")
  WHERE "verification_status" = 'approved' AND coalesce("price_15_min", "price_30_min", "price_60_min") IS NOT NULL;
--> statement-breakpoint
-- How many listed Seers each filter combination shows; '' stands for "all" (the directory's filters treat blank as all).
CREATE TABLE "seer_directory_counts" (
  "country" varchar(100) NOT NULL,
  "specialization" text NOT NULL,
  "language" text NOT NULL,
  "listed" integer NOT NULL,
  CONSTRAINT "seer_directory_counts_pk" PRIMARY KEY ("country", "specialization", "language")
);
--> statement-breakpoint
-- A Seer counts once in every combination it matches: its country or all, each of its specializations or all, each of
-- its languages or all. One statement with keys in order, so two transactions lock the shared rows in the same order.
-- (No CHECK (listed >= 0): PostgreSQL checks the proposed row of an upsert, here a -1, before it meets the conflict.)
CREATE FUNCTION public.seer_directory_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seer_directory_counts AS d (country, specialization, language, listed)
  SELECT c.v, s.v, l.v, sum(r.delta)::int
  FROM (
    SELECT OLD.country, OLD.specializations, OLD.languages, -1
    WHERE TG_OP <> 'INSERT' AND OLD.verification_status = 'approved'
      AND coalesce(OLD.price_15_min, OLD.price_30_min, OLD.price_60_min) IS NOT NULL
    UNION ALL
    SELECT NEW.country, NEW.specializations, NEW.languages, 1
    WHERE TG_OP <> 'DELETE' AND NEW.verification_status = 'approved'
      AND coalesce(NEW.price_15_min, NEW.price_30_min, NEW.price_60_min) IS NOT NULL
  ) r(country, specializations, languages, delta)
  CROSS JOIN LATERAL (SELECT '' UNION SELECT r.country) c(v)
  CROSS JOIN LATERAL (SELECT '' UNION SELECT unnest(r.specializations)) s(v)
  CROSS JOIN LATERAL (SELECT '' UNION SELECT unnest(r.languages)) l(v)
  GROUP BY c.v, s.v, l.v
  HAVING sum(r.delta) <> 0
  ORDER BY c.v, s.v, l.v
  ON CONFLICT (country, specialization, language) DO UPDATE SET listed = d.listed + excluded.listed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "seers_directory_count" AFTER INSERT OR DELETE
  OR UPDATE OF verification_status, price_15_min, price_30_min, price_60_min, country, specializations, languages
  ON "seers" FOR EACH ROW EXECUTE FUNCTION public.seer_directory_count();
--> statement-breakpoint
INSERT INTO seer_directory_counts (country, specialization, language, listed)
SELECT c.v, s.v, l.v, count(*)::int
FROM seers
CROSS JOIN LATERAL (SELECT '' UNION SELECT seers.country) c(v)
CROSS JOIN LATERAL (SELECT '' UNION SELECT unnest(seers.specializations)) s(v)
CROSS JOIN LATERAL (SELECT '' UNION SELECT unnest(seers.languages)) l(v)
WHERE seers.verification_status = 'approved' AND coalesce(seers.price_15_min, seers.price_30_min, seers.price_60_min) IS NOT NULL
GROUP BY c.v, s.v, l.v;
