-- The language a person chose (issue #45): the product's pages and their mails in English or French.
ALTER TABLE "users" ADD COLUMN "locale" varchar(5) DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'fr'));
