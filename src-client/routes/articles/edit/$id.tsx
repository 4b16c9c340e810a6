import { createFileRoute } from "@tanstack/react-router";
import { EditArticlePage } from "../../../features/articles/ArticleEditor";

export const Route = createFileRoute("/articles/edit/$id")({
  component: EditArticleRoute,
});

function EditArticleRoute() {
  const { id } = Route.useParams();
  return <EditArticlePage key={id} id={id} />;
}
