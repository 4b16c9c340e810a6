CREATE TABLE "password_credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" varchar(320) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" varchar(500),
	"role" varchar(20) DEFAULT 'client' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'seer', 'admin')),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "seer_applications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"full_name" varchar(200) NOT NULL,
	"country" varchar(100) NOT NULL,
	"contact_email" varchar(320) NOT NULL,
	"contact_phone" varchar(50),
	"tradition" varchar(200) NOT NULL,
	"lineage_info" text NOT NULL,
	"years_of_practice" integer NOT NULL,
	"specializations" text[] NOT NULL,
	"biography" text NOT NULL,
	"ethics_statement" text NOT NULL,
	"id_document_url" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"review_notes" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seer_applications_status_check" CHECK ("seer_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "seer_applications_years_check" CHECK ("seer_applications"."years_of_practice" >= 1),
	CONSTRAINT "seer_applications_specializations_check" CHECK (cardinality("seer_applications"."specializations") >= 1)
);
--> statement-breakpoint
CREATE TABLE "seers" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"full_name" varchar(200) NOT NULL,
	"country" varchar(100) NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"tradition" varchar(200) NOT NULL,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"biography" text DEFAULT '' NOT NULL,
	"years_of_practice" integer DEFAULT 1 NOT NULL,
	"profile_image_url" varchar(500),
	"verification_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"price_15_min" numeric(10, 2),
	"price_30_min" numeric(10, 2),
	"price_60_min" numeric(10, 2),
	"timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"availability" jsonb,
	"average_rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"stripe_account_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "seers_verification_status_check" CHECK ("seers"."verification_status" in ('pending', 'approved', 'rejected', 'suspended')),
	CONSTRAINT "seers_years_check" CHECK ("seers"."years_of_practice" >= 1),
	CONSTRAINT "seers_rating_check" CHECK ("seers"."average_rating" >= 0 and "seers"."average_rating" <= 5),
	CONSTRAINT "seers_reviews_check" CHECK ("seers"."total_reviews" >= 0),
	CONSTRAINT "seers_prices_positive" CHECK (coalesce("seers"."price_15_min", 1) > 0 and coalesce("seers"."price_30_min", 1) > 0 and coalesce("seers"."price_60_min", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"client_id" text NOT NULL,
	"seer_id" text NOT NULL,
	"session_type" varchar(10) NOT NULL,
	"scheduled_date" date NOT NULL,
	"scheduled_time" varchar(5) NOT NULL,
	"client_timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"seer_timezone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"amount" numeric(10, 2) NOT NULL,
	"platform_fee" numeric(10, 2) NOT NULL,
	"seer_earnings" numeric(10, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"consultation_link" varchar(500),
	"payment_provider" varchar(20) DEFAULT 'stripe' NOT NULL,
	"stripe_payment_intent_id" varchar(255),
	"payment_intent_id" varchar(255),
	"payment_metadata" jsonb,
	"notes" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_session_type_check" CHECK ("bookings"."session_type" in ('15min', '30min', '60min')),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'expired', 'failed', 'cancelled')),
	CONSTRAINT "bookings_time_format" CHECK ("bookings"."scheduled_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "bookings_interval_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_money_check" CHECK ("bookings"."amount" >= 0 and "bookings"."platform_fee" >= 0 and "bookings"."seer_earnings" >= 0 and "bookings"."platform_fee" + "bookings"."seer_earnings" = "bookings"."amount")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"booking_id" text NOT NULL,
	"seer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "vendor_applications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"business_name" varchar(255) NOT NULL,
	"contact_email" varchar(320) NOT NULL,
	"contact_phone" varchar(50),
	"business_address" text,
	"country" varchar(100),
	"description" text,
	"product_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"business_registration_doc" varchar(500),
	"tax_id" varchar(100),
	"bank_account_info" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"review_notes" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"business_name" varchar(255) NOT NULL,
	"contact_email" varchar(320) NOT NULL,
	"contact_phone" varchar(50),
	"business_address" text,
	"country" varchar(100),
	"description" text,
	"logo_url" varchar(500),
	"tax_id" varchar(100),
	"commission_percentage" numeric(5, 2) DEFAULT '15.00' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "vendors_commission_check" CHECK ("vendors"."commission_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_name_unique" UNIQUE("name"),
	CONSTRAINT "product_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" varchar(255) NOT NULL,
	"slug" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"category_id" text,
	"vendor_id" text,
	"origin" varchar(100),
	"spiritual_use" text,
	"image_url" varchar(500),
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"weight" numeric(10, 2),
	"dimensions" varchar(100),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock_quantity" >= 0),
	CONSTRAINT "products_low_stock_check" CHECK ("products"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_product" UNIQUE("user_id","product_id"),
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"order_number" varchar(40) NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	"shipping_cost" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"shipping_name" varchar(200) NOT NULL,
	"shipping_email" varchar(320) NOT NULL,
	"shipping_phone" varchar(50) NOT NULL,
	"shipping_address" text NOT NULL,
	"shipping_country" varchar(100),
	"shipping_method" varchar(20) DEFAULT 'standard' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"payment_provider" varchar(20) DEFAULT 'stripe' NOT NULL,
	"stripe_payment_intent_id" varchar(255),
	"payment_intent_id" varchar(255),
	"payment_metadata" jsonb,
	"reservation_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"tracking_number" varchar(100),
	"tracking_carrier" varchar(100),
	"estimated_delivery" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "orders_shipping_method_check" CHECK ("orders"."shipping_method" in ('standard', 'express')),
	CONSTRAINT "orders_total_check" CHECK ("orders"."subtotal" >= 0 and "orders"."shipping_cost" >= 0 and "orders"."total" = "orders"."subtotal" + "orders"."shipping_cost")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"author_id" text NOT NULL,
	"title" varchar(255) NOT NULL,
	"slug" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"excerpt" text,
	"category" varchar(100) NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_url" varchar(500),
	"featured_image_url" varchar(500),
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "articles_view_count_check" CHECK ("articles"."view_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"from_currency" char(3) NOT NULL,
	"to_currency" char(3) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_pair" UNIQUE("from_currency","to_currency")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"type" varchar(100) NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"kind" varchar(30) NOT NULL,
	"storage_key" varchar(100) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('id-document', 'profile-photo')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "password_credentials" ADD CONSTRAINT "password_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seer_applications" ADD CONSTRAINT "seer_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seer_applications" ADD CONSTRAINT "seer_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seers" ADD CONSTRAINT "seers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seer_id_seers_id_fk" FOREIGN KEY ("seer_id") REFERENCES "public"."seers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "seer_applications_status_idx" ON "seer_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "seer_applications_user_idx" ON "seer_applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seer_applications_one_pending_per_user" ON "seer_applications" USING btree ("user_id") WHERE "seer_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "seers_status_rating_idx" ON "seers" USING btree ("verification_status","average_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "seers_country_idx" ON "seers" USING btree ("country");--> statement-breakpoint
CREATE INDEX "seers_specializations_idx" ON "seers" USING gin ("specializations");--> statement-breakpoint
CREATE INDEX "seers_languages_idx" ON "seers" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "bookings_seer_starts_idx" ON "bookings" USING btree ("seer_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_intent_idx" ON "bookings" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "reviews_seer_idx" ON "reviews" USING btree ("seer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_applications_status_idx" ON "vendor_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("is_published","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category");--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_events_type_idx" ON "payment_events" USING btree ("type");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","kind");