import { createFileRoute } from "@tanstack/react-router";
import { MyArticlesPage } from "../features/articles/MyArticlesPage";

export const Route = createFileRoute("/my-articles")({
  component: MyArticlesPage,
});
