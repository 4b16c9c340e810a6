export { bookingsRouter } from "./router";
export { registerBookingRoutes } from "./rest";
export { createBookingService, type BookingService } from "./service";
