export { articlesRouter } from "./router";
export { registerArticleRoutes } from "./rest";
export { createArticleService } from "./service";
