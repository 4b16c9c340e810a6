-- Local payouts (issue #40): a Seer's mobile money or bank details, each transfer to them through Paystack or
-- Flutterwave, and the built-in test-mode rail's records. Ledger rows gain their own currency: `amount` stays book
-- value in US cents; a row in another currency keeps its minor units and the rate beside it. A payout's fee is a
-- ledger row of its own, owned by the payout rather than a booking or an order.
ALTER TABLE "ledger_entries" ADD COLUMN "currency" char(3) DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "local_amount" bigint;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "rate" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'platform_fee', 'seer_share', 'transfer', 'reversal', 'shop_sale', 'shop_refund', 'payout_fee'));
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_owner_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner_check" CHECK (case when "ledger_entries"."kind" = 'payout_fee' then "ledger_entries"."booking_id" is null and "ledger_entries"."order_id" is null and "ledger_entries"."seer_id" is not null and "ledger_entries"."payout_id" is not null else ("ledger_entries"."booking_id" is null) <> ("ledger_entries"."order_id" is null) end);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency_check" CHECK (case when "ledger_entries"."currency" = 'USD' then "ledger_entries"."local_amount" is null and "ledger_entries"."rate" is null else "ledger_entries"."local_amount" is not null and "ledger_entries"."rate" > 0 end);
--> statement-breakpoint
CREATE TABLE "local_payouts" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"seer_id" text NOT NULL,
	"method_id" text NOT NULL,
	"rail" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"local_amount" bigint NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"fee" bigint,
	"provider_id" varchar(100),
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_payouts_status_check" CHECK ("local_payouts"."status" in ('pending', 'success', 'failed', 'reversed')),
	CONSTRAINT "local_payouts_rail_check" CHECK ("local_payouts"."rail" in ('paystack', 'flutterwave')),
	CONSTRAINT "local_payouts_amounts_check" CHECK ("local_payouts"."amount" > 0 and "local_payouts"."local_amount" > 0 and coalesce("local_payouts"."fee", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"seer_id" text NOT NULL,
	"rail" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"country" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"institution_code" varchar(40) NOT NULL,
	"institution_name" varchar(120) NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"recipient_code" varchar(100),
	"usable_from" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_rail_check" CHECK ("payout_methods"."rail" in ('paystack', 'flutterwave')),
	CONSTRAINT "payout_methods_kind_check" CHECK ("payout_methods"."kind" in ('mobile_money', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "test_rail_transfers" (
	"reference" varchar(64) PRIMARY KEY NOT NULL,
	"rail" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"status" varchar(20) NOT NULL,
	"fee" bigint NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_payouts" ADD CONSTRAINT "local_payouts_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "local_payouts" ADD CONSTRAINT "local_payouts_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "local_payouts_seer_idx" ON "local_payouts" USING btree ("seer_id","created_at");
--> statement-breakpoint
CREATE INDEX "local_payouts_status_idx" ON "local_payouts" USING btree ("status","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_current_idx" ON "payout_methods" USING btree ("seer_id") WHERE "payout_methods"."replaced_at" is null;
