-- Issue #46, expand only (docs/deploy.md): a vendor's sale splits in the ledger into the vendor's share and the
-- platform's commission, at the rate the order line stored; a refund or return takes back both (negative rows).
ALTER TABLE "ledger_entries" ADD COLUMN "vendor_id" text;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict;
--> statement-breakpoint
CREATE INDEX "ledger_entries_vendor_idx" ON "ledger_entries" USING btree ("vendor_id", "kind", "created_at");
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'platform_fee', 'seer_share', 'transfer', 'reversal', 'shop_sale', 'shop_refund', 'payout_fee', 'duplicate_charge', 'duplicate_refund', 'vendor_share', 'vendor_commission'));
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_amount_check";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0 and ("ledger_entries"."kind" in ('platform_fee', 'seer_share', 'vendor_share', 'vendor_commission') or "ledger_entries"."amount" > 0));
