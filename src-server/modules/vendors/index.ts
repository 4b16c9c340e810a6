export { vendorsRouter } from "./router";
export { createVendorService } from "./service";
export { orderParts, type OrderPart } from "./parts";
