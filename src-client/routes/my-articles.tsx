import { createFileRoute } from "@tanstack/react-router";
import { checkAccess } from "../features/account/access";
import { RequireAuth } from "../features/account/guard";
import { MyArticlesPage } from "../features/articles/MyArticlesPage";

export const Route = createFileRoute("/my-articles")({
  beforeLoad: ({ context }) => checkAccess(context, "myArticles"),
  component: MyArticlesRoute,
});

function MyArticlesRoute() {
  return (
    <RequireAuth>
      <MyArticlesPage />
    </RequireAuth>
  );
}
