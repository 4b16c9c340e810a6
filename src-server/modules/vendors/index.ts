export { vendorsRouter } from "./router";
export { createVendorService } from "./service";
