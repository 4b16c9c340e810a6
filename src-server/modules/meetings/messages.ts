import { CONVERSATION_OPEN_DAYS } from "../../../src/domain/conversations";

/** What the conversations refuse with (docs/product.md#messages), each message once. */
export const CONVERSATION_NOT_FOUND = "This conversation doesn't exist or you don't have access to it.";
export const CONVERSATION_NOT_YET = "Messages open once the booking is confirmed.";
export const CONVERSATION_CLOSED = `This conversation is closed: messages can be sent until ${CONVERSATION_OPEN_DAYS} days after the session.`;
export const MESSAGES_TOO_FAST = "You are sending messages too quickly. Please wait a minute and try again.";
export const MESSAGE_IMAGE_NOT_FOUND = "The image was not uploaded. Please choose it again.";
export const MESSAGE_NOT_FOUND = "This message doesn't exist or you don't have access to it.";
