-- A return's decision and its receipt are recorded in the order's history with who and when, like shipping and refunds.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('shipped', 'delivered', 'refund', 'return_accepted', 'return_declined', 'return_received'));
