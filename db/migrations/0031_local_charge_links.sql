-- Issue #41's remaining parts, expand only (docs/deploy.md). A local charge (Paystack, Flutterwave) gets its own link
-- on the booking or order instead of Stripe's column, which keeps Stripe's ids only; existing rows are moved over.
ALTER TABLE "bookings" ADD COLUMN "local_charge_id" varchar(64);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_local_charge_id_local_charges_id_fk" FOREIGN KEY ("local_charge_id") REFERENCES "local_charges"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "local_charge_id" varchar(64);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_local_charge_id_local_charges_id_fk" FOREIGN KEY ("local_charge_id") REFERENCES "local_charges"("id") ON DELETE restrict;
--> statement-breakpoint
UPDATE "bookings" SET "local_charge_id" = c."id", "payment_provider" = c."gateway", "stripe_payment_intent_id" = NULL
  FROM "local_charges" c WHERE c."id" = "bookings"."payment_intent_id";
--> statement-breakpoint
UPDATE "orders" SET "local_charge_id" = c."id", "payment_provider" = c."gateway", "stripe_payment_intent_id" = NULL
  FROM "local_charges" c WHERE c."id" = "orders"."payment_intent_id";
--> statement-breakpoint
-- The prompt (or hosted checkout) whose payment confirmed the charge: a success of any other attempt is a second
-- charge, refunded through the gateway. Charges paid before this migration were paid by their last attempt.
ALTER TABLE "local_charges" ADD COLUMN "paid_attempt" integer;
--> statement-breakpoint
UPDATE "local_charges" SET "paid_attempt" = "attempt" WHERE "status" = 'succeeded';
--> statement-breakpoint
-- A refund of a second charge names the attempt it gives back (`lc_…-2`); null: a refund of the charge itself.
ALTER TABLE "local_charge_refunds" ADD COLUMN "attempt_reference" varchar(80);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'platform_fee', 'seer_share', 'transfer', 'reversal', 'shop_sale', 'shop_refund', 'payout_fee', 'duplicate_charge', 'duplicate_refund'));
