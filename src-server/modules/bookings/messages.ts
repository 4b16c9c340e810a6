/** What the bookings module answers when it refuses, each said once (tests compare against these). */
export const BOOKING_NOT_FOUND = "Booking not found.";
export const ALREADY_CANCELLED = "This booking is already cancelled.";
export const CANNOT_CHANGE = "Only a confirmed booking that has not started can be changed.";
export const CHANGED_MEANWHILE = "This booking has just changed. Please check it and try again.";
export const TOO_LATE_TO_RESCHEDULE = "A booking can be moved until 24 hours before it starts. You can still cancel it.";
export { SLOT_TAKEN } from "../../../src/domain/schedule";
export const NO_PROPOSAL = "There is no proposed time to answer.";
export const REFUND_TOO_LARGE = "The refund cannot be more than what is left of the payment.";
export const MEETING_NOT_FOUND_MESSAGE = "This meeting room doesn't exist or you don't have access to it.";
