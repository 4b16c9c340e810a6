export { bookingsRouter } from "./router";
export { registerBookingRoutes } from "./rest";
export { createBookingService } from "./service";
