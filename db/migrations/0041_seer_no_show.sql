-- Issue #43, expand only (docs/deploy.md): a session the client joined and the Seer never did ends as `seer_no_show`
-- and is refunded in full (the Terms). Older instances never write it, and read it as any other ended status.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'expired', 'failed', 'cancelled', 'completed', 'no_show', 'seer_no_show'));
