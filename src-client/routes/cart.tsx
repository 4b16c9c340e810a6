import { createFileRoute } from "@tanstack/react-router";
import { CartPage } from "../features/shop/CartPage";

export const Route = createFileRoute("/cart")({
  // Not a protected page (a visitor is offered the login), but one the server does not draw: the app's catalog.
  beforeLoad: ({ context }) => context.i18n.ensureApp(),
  component: CartPage,
});
