-- Report a problem (issue #43): a client's claim about a completed session, the Seer's one answer and an admin's
-- decision. One per booking; an open one holds the booking's settlement (the Seer's payout).
CREATE TABLE "booking_disputes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"booking_id" text NOT NULL REFERENCES "bookings"("id") ON DELETE RESTRICT,
	"reason" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"seer_answer" text,
	"seer_answered_at" timestamp with time zone,
	"refund_amount" numeric(10, 2),
	"decision_reason" text,
	"decided_by" text REFERENCES "users"("id") ON DELETE RESTRICT,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_disputes_booking_unique" UNIQUE("booking_id"),
	CONSTRAINT "booking_disputes_reason_check" CHECK ("booking_disputes"."reason" in ('seer_absent', 'call_failed', 'other')),
	CONSTRAINT "booking_disputes_status_check" CHECK ("booking_disputes"."status" in ('open', 'refunded', 'partly_refunded', 'released')),
	CONSTRAINT "booking_disputes_text_check" CHECK (char_length("booking_disputes"."text") between 1 and 2000),
	CONSTRAINT "booking_disputes_answer_check" CHECK ("booking_disputes"."seer_answer" is null or char_length("booking_disputes"."seer_answer") between 1 and 2000),
	CONSTRAINT "booking_disputes_decided_check" CHECK (("booking_disputes"."status" = 'open') = ("booking_disputes"."decided_at" is null))
);
--> statement-breakpoint
CREATE INDEX "booking_disputes_open_idx" ON "booking_disputes" ("created_at") WHERE "status" = 'open';
