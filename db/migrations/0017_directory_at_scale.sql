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
-- The combinations a listed Seer counts in: its country or all, each of its specializations or all, each of its
-- languages or all (each once, whatever repeats in its arrays).
CREATE FUNCTION public.seer_directory_keys(country text, specializations text[], languages text[])
  RETURNS TABLE (country text, specialization text, language text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT c.v, s.v, l.v
  FROM (SELECT '' UNION SELECT $1) c(v)
  CROSS JOIN (SELECT '' UNION SELECT unnest($2)) s(v)
  CROSS JOIN (SELECT '' UNION SELECT unnest($3)) l(v)
$$;
--> statement-breakpoint
-- Once per statement over its transition tables, not once per row: a statement that lists 1,000 Seers updates each
-- count once (a row trigger would update the count of "all" 1,000 times in one transaction, each time longer). Keys in
-- order, so two transactions lock the shared rows in the same order. (No CHECK (listed >= 0): PostgreSQL checks the
-- proposed row of an upsert, here a negative delta, before it meets the conflict.)
CREATE FUNCTION public.seer_directory_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seer_directory_counts AS d (country, specialization, language, listed)
    SELECT k.country, k.specialization, k.language, count(*)::int
    FROM new_rows r CROSS JOIN LATERAL public.seer_directory_keys(r.country, r.specializations, r.languages) k
    WHERE r.verification_status = 'approved' AND coalesce(r.price_15_min, r.price_30_min, r.price_60_min) IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (country, specialization, language) DO UPDATE SET listed = d.listed + excluded.listed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO seer_directory_counts AS d (country, specialization, language, listed)
    SELECT k.country, k.specialization, k.language, -count(*)::int
    FROM old_rows r CROSS JOIN LATERAL public.seer_directory_keys(r.country, r.specializations, r.languages) k
    WHERE r.verification_status = 'approved' AND coalesce(r.price_15_min, r.price_30_min, r.price_60_min) IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (country, specialization, language) DO UPDATE SET listed = d.listed + excluded.listed;
  ELSE
    INSERT INTO seer_directory_counts AS d (country, specialization, language, listed)
    SELECT k.country, k.specialization, k.language, sum(r.delta)::int
    FROM (
      SELECT o.country, o.specializations, o.languages, -1 FROM old_rows o
      WHERE o.verification_status = 'approved' AND coalesce(o.price_15_min, o.price_30_min, o.price_60_min) IS NOT NULL
      UNION ALL
      SELECT n.country, n.specializations, n.languages, 1 FROM new_rows n
      WHERE n.verification_status = 'approved' AND coalesce(n.price_15_min, n.price_30_min, n.price_60_min) IS NOT NULL
    ) r(country, specializations, languages, delta)
    CROSS JOIN LATERAL public.seer_directory_keys(r.country, r.specializations, r.languages) k
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (country, specialization, language) DO UPDATE SET listed = d.listed + excluded.listed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "seers_directory_count_insert" AFTER INSERT ON "seers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.seer_directory_count();
--> statement-breakpoint
CREATE TRIGGER "seers_directory_count_update" AFTER UPDATE ON "seers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.seer_directory_count();
--> statement-breakpoint
CREATE TRIGGER "seers_directory_count_delete" AFTER DELETE ON "seers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.seer_directory_count();
--> statement-breakpoint
INSERT INTO seer_directory_counts (country, specialization, language, listed)
SELECT k.country, k.specialization, k.language, count(*)::int
FROM seers CROSS JOIN LATERAL public.seer_directory_keys(seers.country, seers.specializations, seers.languages) k
WHERE seers.verification_status = 'approved' AND coalesce(seers.price_15_min, seers.price_30_min, seers.price_60_min) IS NOT NULL
GROUP BY 1, 2, 3;
