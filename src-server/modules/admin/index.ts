export { adminRouter } from "./router";
export { registerAdminRoutes } from "./rest";
export { createAdminService, type AdminService } from "./service";
