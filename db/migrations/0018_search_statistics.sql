-- Search at scale (issue #18): the planner estimates a search's LIKE and word similarity from the histogram of the
-- folded text that ANALYZE keeps for these indexes' expression. At the default 101 entries a search that matches 2.5%
-- of 100,000 Seers ('tradition 7') was now and then estimated at 10 rows, and its page read 24,000 trigram candidates
-- instead of walking the directory's order (257 ms, not 60); 301 entries hold such a share steadily. Each search's
-- planning evaluates its operators on the entries, so the target stays far below the maximum.
ALTER INDEX "seers_search_fold_idx" ALTER COLUMN 1 SET STATISTICS 300;
--> statement-breakpoint
ALTER INDEX "products_search_fold_idx" ALTER COLUMN 1 SET STATISTICS 300;
