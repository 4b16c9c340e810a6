-- A report of one message of a booking's conversation (issue #43's abuse part): admins may then read that conversation.
CREATE TABLE "message_reports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"message_id" text NOT NULL REFERENCES "meeting_messages"("id") ON DELETE CASCADE,
	"booking_id" text NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
	"reporter_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"reason" text NOT NULL DEFAULT '',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reports_once" UNIQUE("message_id", "reporter_id"),
	CONSTRAINT "message_reports_reason_check" CHECK (char_length("message_reports"."reason") <= 500)
);
--> statement-breakpoint
CREATE INDEX "message_reports_booking_idx" ON "message_reports" ("booking_id", "created_at");
