export { payoutsRouter } from "./router";
export { createPayoutService, type PayoutService } from "./service";
