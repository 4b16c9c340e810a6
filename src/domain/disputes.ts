/**
 * Report a problem (issue #43, docs/product.md#report-a-problem): the reasons a client gives, a dispute's states, and
 * until when a session can be reported. Pure rules on instants.
 */
import { PAYOUT_HOLD_HOURS } from "./payouts";

export const DISPUTE_REASONS = ["seer_absent", "call_failed", "other"] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** What the form and every list call each reason, exactly as the issue quotes them. */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  seer_absent: "The Seer did not come",
  call_failed: "The call did not work",
  other: "Something else",
};

/** Open until an admin decides: a full refund, a partial one, or the money released to the Seer. */
export const DISPUTE_STATUSES = ["open", "refunded", "partly_refunded", "released"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_DECISIONS = ["full_refund", "partial_refund", "release"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** The claim's, the answer's and the decision's reason: 1 to 2,000 characters. */
export const DISPUTE_TEXT_MAX = 2000;

const HOUR_MS = 60 * 60 * 1000;

/** The end of the hold: a completed session can be reported until its money would settle (24 hours after completion). */
export function reportableUntil(completedAt: Date): Date {
  return new Date(completedAt.getTime() + PAYOUT_HOLD_HOURS * HOUR_MS);
}

/** Whether the client of a completed session may still report it at `now`. */
export function canReport(b: { status: string; completedAt: Date | null }, now: Date): boolean {
  return b.status === "completed" && b.completedAt !== null && now.getTime() < reportableUntil(b.completedAt).getTime();
}
