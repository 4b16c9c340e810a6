-- Issue #46, expand only (docs/deploy.md): vendors are paid on the Seers' local rails. Payout details and local
-- payouts belong to a Seer or a vendor (exactly one), and a payout's fee row may name the vendor instead of a Seer.
ALTER TABLE "payout_methods" ALTER COLUMN "seer_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "vendor_id" text;
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_payee_check" CHECK (("payout_methods"."seer_id" is null) <> ("payout_methods"."vendor_id" is null));
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_vendor_current_idx" ON "payout_methods" USING btree ("vendor_id") WHERE "payout_methods"."replaced_at" is null;
--> statement-breakpoint
ALTER TABLE "local_payouts" ALTER COLUMN "seer_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "local_payouts" ADD COLUMN "vendor_id" text;
--> statement-breakpoint
ALTER TABLE "local_payouts" ADD CONSTRAINT "local_payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "local_payouts" ADD CONSTRAINT "local_payouts_payee_check" CHECK (("local_payouts"."seer_id" is null) <> ("local_payouts"."vendor_id" is null));
--> statement-breakpoint
CREATE INDEX "local_payouts_vendor_idx" ON "local_payouts" USING btree ("vendor_id","created_at");
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_owner_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner_check" CHECK (case when "ledger_entries"."kind" = 'payout_fee' then "ledger_entries"."booking_id" is null and "ledger_entries"."order_id" is null and ("ledger_entries"."seer_id" is not null or "ledger_entries"."vendor_id" is not null) and "ledger_entries"."payout_id" is not null else ("ledger_entries"."booking_id" is null) <> ("ledger_entries"."order_id" is null) end);
