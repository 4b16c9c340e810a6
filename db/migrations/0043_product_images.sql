-- Issue #46, expand only (docs/deploy.md): a vendor's product image is an upload of its own kind, public once the
-- product is listed.
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('id-document', 'profile-photo', 'return-photo', 'message-image', 'product-image'));
