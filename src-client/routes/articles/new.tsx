import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../../features/account/access";
import { RequireAuth } from "../../features/account/guard";
import { NewArticlePage } from "../../features/articles/ArticleEditor";

export const Route = createFileRoute("/articles/new")({
  beforeLoad: ({ context }) => checkAccess(context, "newArticle"),
  component: NewArticleRoute,
});

function NewArticleRoute() {
  return (
    <RequireAuth>
      <NewArticlePage />
    </RequireAuth>
  );
}
