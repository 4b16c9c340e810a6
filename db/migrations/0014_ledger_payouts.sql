ALTER TABLE "seers" ADD COLUMN "payout_status" varchar(20) DEFAULT 'not_connected' NOT NULL;
--> statement-breakpoint
ALTER TABLE "seers" ADD CONSTRAINT "seers_payout_status_check" CHECK ("seers"."payout_status" in ('not_connected', 'details_needed', 'active'));
--> statement-breakpoint
CREATE UNIQUE INDEX "seers_stripe_account_idx" ON "seers" USING btree ("stripe_account_id");
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"booking_id" text,
	"order_id" text,
	"seer_id" text,
	"reference" varchar(255) NOT NULL,
	"payout_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'platform_fee', 'seer_share', 'transfer', 'reversal', 'shop_sale', 'shop_refund')),
	CONSTRAINT "ledger_entries_owner_check" CHECK (("ledger_entries"."booking_id" is null) <> ("ledger_entries"."order_id" is null)),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0 and ("ledger_entries"."kind" in ('platform_fee', 'seer_share') or "ledger_entries"."amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id");
--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "ledger_entries_seer_idx" ON "ledger_entries" USING btree ("seer_id", "kind", "created_at");
--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
CREATE TABLE "test_connected_accounts" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_connected_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "test_transfers" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"destination" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"transfer_group" varchar(255),
	"metadata" jsonb NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "test_transfer_reversals" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"transfer_id" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfer_reversals_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "test_transfers" ADD CONSTRAINT "test_transfers_destination_fk" FOREIGN KEY ("destination") REFERENCES "public"."test_connected_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "test_transfer_reversals" ADD CONSTRAINT "test_transfer_reversals_transfer_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."test_transfers"("id") ON DELETE cascade ON UPDATE no action;
