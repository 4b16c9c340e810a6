import { createFileRoute } from "@tanstack/react-router";
import { ArticlePage } from "../../features/articles/ArticlePage";

export const Route = createFileRoute("/wisdom/$slug")({
  component: ArticleRoute,
});

function ArticleRoute() {
  const { slug } = Route.useParams();
  // keyed by slug: moving to another article is a new page view with its own view count.
  return <ArticlePage key={slug} slug={slug} />;
}
