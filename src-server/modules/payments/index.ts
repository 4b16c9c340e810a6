export { paymentsRouter } from "./router";
export { registerPaymentWebhooks } from "./webhooks";
export { registerLocalCardRoutes } from "./local-card-routes";
export { createPaymentService } from "./service";
