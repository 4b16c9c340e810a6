export { seerDashboardRouter } from "./router";
export { registerSeerDashboardRoutes } from "./rest";
export { createSeerDashboardService } from "./service";
export { OVERRIDE_NOT_FOUND } from "./schedule";
