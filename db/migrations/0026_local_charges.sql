-- Real mobile money charges through Paystack and Flutterwave (issue #41): our side of each charge a gateway takes, in
-- the words of a payment intent, and the refunds asked of the gateway by our idempotency key. Expand only.
CREATE TABLE "local_charges" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"gateway" varchar(20) NOT NULL,
	"client_secret" varchar(128) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(40) NOT NULL,
	"metadata" jsonb NOT NULL,
	"last_error" text,
	"idempotency_key" varchar(255) NOT NULL,
	"prompted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"provider_transaction_id" varchar(64),
	"attempt" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_charges_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "local_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "local_charges_gateway_check" CHECK ("gateway" in ('paystack', 'flutterwave')),
	CONSTRAINT "local_charges_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "local_charges_status_idx" ON "local_charges" USING btree ("status");
--> statement-breakpoint
CREATE TABLE "local_charge_refunds" (
	"idempotency_key" varchar(255) PRIMARY KEY NOT NULL,
	"charge_id" varchar(64) NOT NULL,
	"provider_refund_id" varchar(64),
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_charge_refunds_charge_id_local_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "local_charges"("id")
);
