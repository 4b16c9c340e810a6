export { ledgerByMonth, ledgerSummary, type LedgerMonth, type LedgerSummary } from "./figures";
export { payoutsRouter } from "./router";
export { createPayoutService } from "./service";
