-- Articles become rich text (sanitised HTML from the editor). Older rows were plain text: each non-empty line
-- becomes a paragraph with &, <, > and " escaped, exactly as textToHtml in src/domain/articles.ts writes it.
UPDATE "articles" SET "content" = coalesce((
  SELECT string_agg('<p>' || replace(replace(replace(replace(btrim(t.line), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;') || '</p>', '' ORDER BY t.n)
  FROM regexp_split_to_table("articles"."content", E'\r\n|\r|\n') WITH ORDINALITY AS t(line, n)
  WHERE btrim(t.line) <> ''
), '');
--> statement-breakpoint
-- The text a reader sees, for search: htmlToText in src/domain/articles.ts, in SQL (tags are spaces, the escapes
-- the sanitiser writes are read back, white space collapsed), so that 'strong' or 'href' never match the markup.
ALTER TABLE "articles" ADD COLUMN "content_text" text GENERATED ALWAYS AS (
  btrim(regexp_replace(
    replace(replace(replace(replace(replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&nbsp;', ' '), '&amp;', '&'),
    '\s+', ' ', 'g'))
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "articles_search_fold_idx";
--> statement-breakpoint
CREATE INDEX "articles_search_fold_idx" ON "articles" USING gin (public.search_fold("title" || ' ' || "content_text") gin_trgm_ops);
