export { applicationsRouter } from "./router";
export { registerApplicationRoutes } from "./rest";
export { createApplicationService, type ApplicationService } from "./service";
export { applicationDecisionEmail } from "./mail";
