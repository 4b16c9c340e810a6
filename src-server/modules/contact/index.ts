export { contactRouter } from "./router";
export { registerContactRoutes } from "./rest";
export { createContactService } from "./service";
