export { vendorsRouter } from "./router";
export { createVendorService } from "./service";
export { orderParts } from "./parts";
