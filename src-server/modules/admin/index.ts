export { adminRouter } from "./router";
export { registerAdminRoutes } from "./rest";
export { createAdminService } from "./service";
