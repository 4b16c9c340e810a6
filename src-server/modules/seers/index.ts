export { seersRouter } from "./router";
export { registerSeerRoutes } from "./rest";
export { createSeerService } from "./service";
export { publicSeerColumns, type OwnSeer } from "./service";
