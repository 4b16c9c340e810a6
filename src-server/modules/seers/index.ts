export { seersRouter } from "./router";
export { registerSeerRoutes } from "./rest";
export { createSeerService } from "./service";
export { listedSeer, publicSeerColumns, type OwnSeer } from "./service";
