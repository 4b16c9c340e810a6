import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../../../features/account/access";
import { RequireAuth } from "../../../features/account/guard";
import { EditArticlePage } from "../../../features/articles/ArticleEditor";

export const Route = createFileRoute("/articles/edit/$id")({
  beforeLoad: ({ context }) => checkAccess(context, "editArticle"),
  component: EditArticleRoute,
});

function EditArticleRoute() {
  const { id } = Route.useParams();
  return (
    <RequireAuth>
      <EditArticlePage key={id} id={id} />
    </RequireAuth>
  );
}
