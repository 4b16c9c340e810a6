ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('id-document', 'profile-photo', 'return-photo'));
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"order_id" text NOT NULL,
	"reason" text NOT NULL,
	"photo_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"decision_note" varchar(500),
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('requested', 'accepted', 'declined', 'received')),
	CONSTRAINT "order_returns_reason_check" CHECK (char_length("order_returns"."reason") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
