-- The currency a signed-in person chose in the header (issue #41): prices show in it on every device they sign in on.
-- Null: not chosen (the product's defaults: US dollars, and GH₵ on the home page and the shop's listing).
ALTER TABLE "users" ADD COLUMN "currency" char(3);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_check" CHECK ("users"."currency" is null or "users"."currency" in ('USD', 'GHS', 'NGN', 'KES', 'ZAR', 'XOF', 'XAF'));
