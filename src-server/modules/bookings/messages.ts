/** What the bookings module answers when it refuses, each said once (tests compare against these). */
export const BOOKING_NOT_FOUND = "Booking not found.";
export const ALREADY_CANCELLED = "This booking is already cancelled.";
export const CANNOT_CHANGE = "Only a confirmed booking that has not started can be changed.";
export const CHANGED_MEANWHILE = "This booking has just changed. Please check it and try again.";
export const TOO_LATE_TO_RESCHEDULE = "A booking can be moved until 24 hours before it starts. You can still cancel it.";
export { SLOT_TAKEN } from "../../../src/domain/schedule";
export const SLOT_TAKEN_REFUNDED = "This time slot was taken before your payment completed. Your payment has been refunded.";
export const SEER_AWAY_REFUNDED = "The Seer is no longer available at this time. Your payment has been refunded.";
export const NO_PROPOSAL = "There is no proposed time to answer.";
export const REFUND_TOO_LARGE = "The refund cannot be more than what is left of the payment.";
export const MEETING_NOT_FOUND_MESSAGE = "This meeting room doesn't exist or you don't have access to it.";
// Report a problem (issue #43, docs/product.md#report-a-problem).
export const REPORT_NOT_YET = "You can report a problem once the session has ended and its room has closed.";
export const REPORT_TOO_LATE =
  "The time to report a problem with this session has passed: problems can be reported until 24 hours after the session.";
export const REPORT_NO_SHOW =
  "You did not join this session, so by our Terms it is not refunded and a problem cannot be reported.";
export const REPORT_SEER_NO_SHOW =
  "The Seer did not join this session, so you have been refunded in full by our Terms and there is nothing to report.";
export const REPORT_CANCELLED = "This session was cancelled and its refund follows the cancellation, so there is nothing to report.";
export const ALREADY_REPORTED = "A problem with this session has already been reported.";
export const DISPUTE_NOT_FOUND = "Report not found.";
export const ALREADY_ANSWERED = "You have already answered this report.";
export const DISPUTE_DECIDED = "This report has already been decided.";
export const NOTHING_TO_REFUND = "Nothing is left to refund for this session.";
