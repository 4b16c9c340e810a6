-- A Seer's scheduling rules, date overrides and time off (issue #42): buffers before and after each session, the
-- minimum notice (2 hours unless the Seer chooses), how far ahead clients may book (90 days unless the Seer chooses,
-- up to 365), at most N sessions a day (none by default). Overrides are on the Seer's own dates; `hours` is a list
-- of {start, end} wall-clock ranges for kind 'hours', empty for time off. Expand only.
ALTER TABLE "seers" ADD COLUMN "buffer_before_minutes" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "seers" ADD COLUMN "buffer_after_minutes" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "seers" ADD COLUMN "notice_minutes" integer DEFAULT 120 NOT NULL;
--> statement-breakpoint
ALTER TABLE "seers" ADD COLUMN "horizon_days" smallint DEFAULT 90 NOT NULL;
--> statement-breakpoint
ALTER TABLE "seers" ADD COLUMN "daily_cap" smallint;
--> statement-breakpoint
ALTER TABLE "seers" ADD CONSTRAINT "seers_schedule_rules_check" CHECK ("seers"."buffer_before_minutes" in (0, 5, 10, 15, 30) and "seers"."buffer_after_minutes" in (0, 5, 10, 15, 30) and "seers"."notice_minutes" between 0 and 20160 and "seers"."horizon_days" between 1 and 365 and coalesce("seers"."daily_cap", 1) between 1 and 12);
--> statement-breakpoint
CREATE TABLE "seer_date_overrides" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"seer_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seer_date_overrides_kind_check" CHECK ("seer_date_overrides"."kind" in ('time_off', 'hours')),
	CONSTRAINT "seer_date_overrides_range_check" CHECK ("seer_date_overrides"."end_date" >= "seer_date_overrides"."start_date")
);
--> statement-breakpoint
ALTER TABLE "seer_date_overrides" ADD CONSTRAINT "seer_date_overrides_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "seer_date_overrides_seer_idx" ON "seer_date_overrides" USING btree ("seer_id","end_date");
