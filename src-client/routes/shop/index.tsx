import { createFileRoute } from "@tanstack/react-router";
import { shopSearch } from "../../../src/schemas/search";
import { ShopPage } from "../../features/shop/ShopPage";

export const Route = createFileRoute("/shop/")({
  validateSearch: shopSearch,
  component: ShopPage,
});
