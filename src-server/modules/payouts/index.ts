export { payoutsRouter } from "./router";
export { createPayoutService } from "./service";
