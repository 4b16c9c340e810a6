-- Second factors (issue #47): an authenticator app (TOTP: its secret encrypted with SECRET_KEY, the last time step
-- it accepted so that a code works once), one-time recovery codes (argon2 hashes) and the devices each account has
-- signed in from (the SHA-256 of a long-lived device cookie); passkeys follow in 0029. `users.second_factor_at` says
-- since when the person has one, read with the session's user (an update of users tells every instance).
ALTER TABLE "users" ADD COLUMN "second_factor_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "totp_credentials" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"device_hash" varchar(64) NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_pk" PRIMARY KEY("user_id","device_hash")
);
