CREATE TABLE "test_payment_intents" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"client_secret" varchar(128) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(40) NOT NULL,
	"metadata" jsonb NOT NULL,
	"last_error" text,
	"idempotency_key" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"payment_intent_id" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(20) NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_payment_intent_id_test_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."test_payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_payment_refunds_intent_idx" ON "test_payment_refunds" USING btree ("payment_intent_id");
