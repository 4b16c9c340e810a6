export { seersRouter } from "./router";
export { registerSeerRoutes } from "./rest";
export { createSeerService, type SeerService } from "./service";
export { publicSeerColumns, type OwnSeer } from "./service";
