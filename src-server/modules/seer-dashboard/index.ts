export { seerDashboardRouter } from "./router";
export { registerSeerDashboardRoutes } from "./rest";
export { createSeerDashboardService, type SeerDashboardService } from "./service";
