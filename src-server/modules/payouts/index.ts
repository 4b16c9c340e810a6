export { ledgerByMonth, ledgerSummary } from "./figures";
export { payoutsRouter } from "./router";
export { createPayoutService } from "./service";
