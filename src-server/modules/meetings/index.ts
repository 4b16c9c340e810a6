export { meetingsRouter } from "./router";
export { messagesRouter } from "./messages-router";
export { createConversations } from "./conversation";
export { createMeetingService } from "./service";
export { registerMeetingSocket } from "./signaling";
