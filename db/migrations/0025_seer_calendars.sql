CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "seer_calendars" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"seer_id" text NOT NULL,
	"kind" varchar(10) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"username" varchar(200),
	"password_encrypted" text,
	"last_success_at" timestamp with time zone,
	"last_error" varchar(500),
	"last_error_at" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"longest_busy_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seer_calendars_kind_check" CHECK ("seer_calendars"."kind" in ('ical', 'caldav'))
);
--> statement-breakpoint
ALTER TABLE "seer_calendars" ADD CONSTRAINT "seer_calendars_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seer_calendars_seer_idx" ON "seer_calendars" USING btree ("seer_id");--> statement-breakpoint
CREATE TABLE "seer_calendar_busy" (
	"calendar_id" text NOT NULL,
	"seer_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seer_calendar_busy_range_check" CHECK ("seer_calendar_busy"."ends_at" > "seer_calendar_busy"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "seer_calendar_busy" ADD CONSTRAINT "seer_calendar_busy_calendar_id_seer_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."seer_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seer_calendar_busy_calendar_idx" ON "seer_calendar_busy" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "seer_calendar_busy_seer_idx" ON "seer_calendar_busy" USING btree ("seer_id","starts_at");
