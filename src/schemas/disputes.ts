import { z } from "zod";
import { DISPUTE_DECISIONS, DISPUTE_REASONS, DISPUTE_TEXT_MAX } from "../domain/disputes";

const id = z.string().trim().min(1, "Required").max(100);
const text = (empty: string) =>
  z.string().trim().min(1, empty).max(DISPUTE_TEXT_MAX, "At most 2,000 characters");

/** The client's report of a problem with a completed session (docs/product.md#report-a-problem). */
export const reportProblemSchema = z.object({
  bookingId: id,
  reason: z.enum(DISPUTE_REASONS, "Choose what went wrong"),
  text: text("Tell us what happened"),
});

/** The Seer's one answer to a report about their session. */
export const answerDisputeSchema = z.object({ bookingId: id, answer: text("Write your answer") });

/**
 * An admin's decision: a full refund, a partial one (an amount in US dollars such as 12.50, at most what is still
 * refundable) or the money released to the Seer; always with a reason.
 */
export const decideDisputeSchema = z
  .object({
    disputeId: id,
    decision: z.enum(DISPUTE_DECISIONS, "Choose a decision"),
    refundAmount: z
      .string()
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter an amount such as 12.50")
      .optional(),
    reason: text("Give a reason"),
  })
  .refine((v) => v.decision !== "partial_refund" || v.refundAmount !== undefined, {
    message: "Enter the amount to refund",
    path: ["refundAmount"],
  });

/** A report of one message of a conversation the reporter is in. */
export const reportMessageSchema = z.object({
  messageId: id,
  reason: z.string().trim().max(500, "At most 500 characters").optional().default(""),
});
