-- Bookings charged in the client's own currency (issue #41): `amount` stays the Seer's US dollar price (book value);
-- the charge's currency, its minor units and the rate that turned the price into them are stored beside it, and a
-- check keeps US dollar charges free of them, as the ledger's currency check does. A refund keeps its own amount in
-- the charge's currency beside its book value.
ALTER TABLE "bookings" ADD COLUMN "charge_currency" char(3) DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charge_amount" bigint;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charge_rate" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_charge_check" CHECK (case when "bookings"."charge_currency" = 'USD' then "bookings"."charge_amount" is null and "bookings"."charge_rate" is null else "bookings"."charge_currency" in ('USD', 'GHS', 'NGN', 'KES', 'ZAR', 'XOF', 'XAF') and "bookings"."charge_amount" > 0 and "bookings"."charge_rate" > 0 end);
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD COLUMN "local_amount" bigint;
--> statement-breakpoint
ALTER TABLE "booking_refunds" DROP CONSTRAINT "booking_refunds_amount_check";
--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_amount_check" CHECK ("booking_refunds"."amount" >= 0 and ("booking_refunds"."amount" > 0 or "booking_refunds"."local_amount" > 0));
