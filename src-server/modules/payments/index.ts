export { paymentsRouter } from "./router";
export { registerPaymentWebhooks } from "./webhooks";
export { createPaymentService, type PaymentService } from "./service";
