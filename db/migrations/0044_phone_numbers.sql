-- SMS (issue #44): a person's phone number in E.164, confirmed by a 6-digit code sent to it (kept as an HMAC), their
-- choice of reminders and confirmations by SMS; and each text message claimed once by its key, as sent_emails does.
CREATE TABLE "phone_numbers" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"number" varchar(16),
	"country" char(2),
	"confirmed_at" timestamp with time zone,
	"sms" boolean DEFAULT false NOT NULL,
	"pending_number" varchar(16),
	"pending_country" char(2),
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_confirmed" CHECK (("number" is null) = ("confirmed_at" is null)),
	CONSTRAINT "phone_numbers_sms_needs_number" CHECK (not "sms" or "number" is not null),
	CONSTRAINT "phone_numbers_number_e164" CHECK ("number" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "phone_numbers_pending_e164" CHECK ("pending_number" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "sent_sms" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"recipient" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
