export { seerDashboardRouter } from "./router";
export { registerSeerDashboardRoutes } from "./rest";
export { createSeerDashboardService } from "./service";
