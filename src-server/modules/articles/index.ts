export { articlesRouter } from "./router";
export { registerArticleRoutes } from "./rest";
export { createArticleService, type ArticleService } from "./service";
