-- Passkeys (issue #47): a person's WebAuthn credentials, a second factor like the authenticator app. The credential
-- id and its COSE public key are base64url; `counter` is the authenticator's signature counter as last seen;
-- `transports` what the browser said the authenticator speaks (hints for the next sign-in).
CREATE TABLE "passkeys" (
	"id" varchar(1024) PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" varchar(100) NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");
