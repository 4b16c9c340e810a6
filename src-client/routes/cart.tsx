import { createFileRoute } from "@tanstack/react-router";
import { CartPage } from "../features/shop/CartPage";

export const Route = createFileRoute("/cart")({
  component: CartPage,
});
