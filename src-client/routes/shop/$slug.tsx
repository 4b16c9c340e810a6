import { createFileRoute } from "@tanstack/react-router";
import { ProductPage } from "../../features/shop/ProductPage";

export const Route = createFileRoute("/shop/$slug")({
  component: ProductRoute,
});

function ProductRoute() {
  const { slug } = Route.useParams();
  return <ProductPage key={slug} slug={slug} />;
}
