-- After payment: cancellation with refunds, rescheduling, completion and no-shows, reviews with a reply.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'expired', 'failed', 'cancelled', 'completed', 'no_show'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_due" numeric(10, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" varchar(10);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_reason" varchar(500);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_money_check";
--> statement-breakpoint
-- What was charged splits into what was refunded, the platform's fee and the Seer's earnings, to the cent.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_check" CHECK ("bookings"."amount" >= 0 and "bookings"."platform_fee" >= 0 and "bookings"."seer_earnings" >= 0 and "bookings"."refunded_amount" >= 0 and "bookings"."refund_due" >= 0 and "bookings"."platform_fee" + "bookings"."seer_earnings" + "bookings"."refunded_amount" = "bookings"."amount");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('client', 'seer', 'admin', 'provider'));
--> statement-breakpoint
CREATE TABLE "booking_refunds" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_refunds_amount_check" CHECK ("booking_refunds"."amount" > 0),
	CONSTRAINT "booking_refunds_status_check" CHECK ("booking_refunds"."status" in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "booking_refunds_booking_idx" ON "booking_refunds" USING btree ("booking_id");
--> statement-breakpoint
CREATE INDEX "bookings_confirmed_ends_idx" ON "bookings" USING btree ("ends_at") WHERE "status" = 'confirmed';
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "seer_reply" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "seer_replied_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_length_check" CHECK ("reviews"."comment" is null or char_length("reviews"."comment") <= 2000);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_length_check" CHECK ("reviews"."seer_reply" is null or char_length("reviews"."seer_reply") <= 2000);
