-- The admin audit log (issue #47): every admin action, one row written in the action's transaction, append-only as the
-- ledger is (0014): a trigger refuses UPDATE and DELETE. The actor's key does not cascade (accounts are anonymised, not
-- removed), and the actor's e-mail is kept as it was when they acted.
CREATE TABLE "admin_audit" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" varchar(320) NOT NULL,
	"action" varchar(100) NOT NULL,
	"target_kind" varchar(40) NOT NULL,
	"target_id" text NOT NULL,
	"change" jsonb NOT NULL,
	"request_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "admin_audit_actor_idx" ON "admin_audit" USING btree ("actor_id","created_at");
--> statement-breakpoint
CREATE INDEX "admin_audit_action_idx" ON "admin_audit" USING btree ("action","created_at");
--> statement-breakpoint
CREATE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_change" BEFORE UPDATE OR DELETE ON "admin_audit" FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();
