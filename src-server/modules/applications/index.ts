export { applicationsRouter } from "./router";
export { registerApplicationRoutes } from "./rest";
export { createApplicationService } from "./service";
export { applicationDecisionEmail } from "./mail";
