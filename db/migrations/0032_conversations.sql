-- A conversation per booking (issue #43): the meeting room's chat becomes the booking's thread, open from the
-- confirmation until 14 days after the session, with images through the uploads and read marks for unread counts.
ALTER TABLE "meeting_messages" ADD COLUMN "image_upload_id" text REFERENCES "uploads"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "meeting_messages" DROP CONSTRAINT "meeting_messages_text_check";
--> statement-breakpoint
ALTER TABLE "meeting_messages" ADD CONSTRAINT "meeting_messages_text_check" CHECK (char_length("meeting_messages"."text") <= 2000 and (char_length("meeting_messages"."text") >= 1 or "meeting_messages"."image_upload_id" is not null));
--> statement-breakpoint
CREATE INDEX "meeting_messages_image_idx" ON "meeting_messages" ("image_upload_id") WHERE "image_upload_id" is not null;
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('id-document', 'profile-photo', 'return-photo', 'message-image'));
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"booking_id" text NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_reads_pk" PRIMARY KEY ("booking_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_mails" (
	"booking_id" text PRIMARY KEY NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone NOT NULL
);
