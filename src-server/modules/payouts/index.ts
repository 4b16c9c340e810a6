export { ledgerByMonth, ledgerSummary, seerBookingLedger } from "./figures";
export { payoutsRouter } from "./router";
export { createPayoutService } from "./service";
export { registerPayoutWebhooks } from "./webhooks";
export { forgetPayoutDetails, payoutDetailsData } from "./personal-data";
