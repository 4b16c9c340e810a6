import { createFileRoute } from "@tanstack/react-router";
import { NewArticlePage } from "../../features/articles/ArticleEditor";

export const Route = createFileRoute("/articles/new")({
  component: NewArticlePage,
});
