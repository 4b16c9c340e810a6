export { paymentsRouter } from "./router";
export { registerPaymentWebhooks } from "./webhooks";
export { createPaymentService } from "./service";
