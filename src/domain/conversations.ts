/**
 * A booking's conversation (docs/product.md#messages): who may write, and until when. Pure rules shared by the server
 * (which decides) and the client (which shows the same window).
 */
import type { BookingStatus } from "./enums";
import type { ChatMessage } from "./meetings";

/** Messages can be written until this many days after the session's end; then the thread is read-only. */
export const CONVERSATION_OPEN_DAYS = 14;
/** Per person, across all their conversations: at most this many messages in a minute. */
export const MESSAGE_RATE_LIMIT = 10;
export const MESSAGE_RATE_WINDOW_MS = 60_000;
/** A message still unread this long after it was sent mails its reader... */
export const UNREAD_MAIL_AFTER_MS = 10 * 60_000;
/** ...at most once an hour per conversation. */
export const UNREAD_MAIL_EVERY_MS = 60 * 60_000;
/** An image in a conversation: JPEG or PNG, at most 5 MB. */
export const MESSAGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Bookings that were paid for (confirmed, then perhaps completed or cancelled): their conversation exists. */
export const CONVERSATION_STATUSES = ["confirmed", "completed", "no_show", "seer_no_show", "cancelled"] as const satisfies readonly BookingStatus[];
const PAID: ReadonlySet<BookingStatus> = new Set(CONVERSATION_STATUSES);

/** Whether a booking of this status has a conversation (its cards link to it). */
export const hasConversation = (status: BookingStatus): boolean => PAID.has(status);

/**
 * 'open': both parties may write. 'closed': read-only (14 days after the session, or the booking was cancelled).
 * 'not-yet': the booking was never confirmed, so there is nothing to read or write.
 */
export type ConversationState = "open" | "closed" | "not-yet";

export function conversationClosesAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() + CONVERSATION_OPEN_DAYS * 24 * 60 * 60_000);
}

export function conversationState(
  booking: { status: BookingStatus; endsAt: Date },
  now: Date,
): ConversationState {
  if (!PAID.has(booking.status)) return "not-yet";
  if (booking.status === "cancelled") return "closed";
  return now.getTime() < conversationClosesAt(booking.endsAt).getTime() ? "open" : "closed";
}

/** A signed-in person's live socket: what is said in their conversations, as it is said. */
export const INBOX_SOCKET_PATH = "/api/messages/socket";

/**
 * What the inbox socket sends: `ready` once the server delivers to it (a message stored before that is read by
 * fetching), then each message of the person's conversations.
 */
export type InboxSignal = { type: "ready" } | { type: "message"; bookingId: string; message: ChatMessage };
