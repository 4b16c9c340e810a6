import { createFileRoute } from "@tanstack/react-router";
import { shopSearchSchema } from "../../../src/schemas/shop";
import { ShopPage } from "../../features/shop/ShopPage";

export const Route = createFileRoute("/shop/")({
  validateSearch: shopSearchSchema,
  component: ShopPage,
});
