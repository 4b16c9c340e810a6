export { meetingsRouter } from "./router";
export { createMeetingService } from "./service";
export { registerMeetingSocket } from "./signaling";
