-- Orders charged in the client's own currency (issue #41), as bookings are (0020): `total` stays the order's US dollar
-- total (book value); the charge's currency, its minor units and the rate that turned the total into them are stored
-- beside it, and a check keeps US dollar charges free of them. An order's refunds are its `refund` events: each keeps
-- its own amount in the charge's currency (`localAmount`) in its data, beside its book value, so no column is needed.
ALTER TABLE "orders" ADD COLUMN "charge_currency" char(3) DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_amount" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_rate" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charge_check" CHECK (case when "orders"."charge_currency" = 'USD' then "orders"."charge_amount" is null and "orders"."charge_rate" is null else "orders"."charge_currency" in ('USD', 'GHS', 'NGN', 'KES', 'ZAR', 'XOF', 'XAF') and "orders"."charge_amount" > 0 and "orders"."charge_rate" > 0 end);
