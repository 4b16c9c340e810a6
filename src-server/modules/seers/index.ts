export { seersRouter } from "./router";
export { registerSeerRoutes } from "./rest";
export { createSeerService } from "./service";
export { listedSeer, type OwnSeer } from "./service";
export { ownSeer } from "./own-seer";
