export { registerUploadRoutes } from "./rest";
export { createUploadService, type UploadService } from "./service";
