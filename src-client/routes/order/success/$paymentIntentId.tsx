import { createFileRoute } from "@tanstack/react-router";
import { OrderSuccessPage } from "../../../features/shop/OrderSuccessPage";

export const Route = createFileRoute("/order/success/$paymentIntentId")({
  // Not a protected page, but a screen the server does not draw: its texts are in the app's catalog.
  beforeLoad: ({ context }) => context.i18n.ensureApp(),
  component: OrderSuccessRoute,
});

function OrderSuccessRoute() {
  const { paymentIntentId } = Route.useParams();
  return <OrderSuccessPage key={paymentIntentId} paymentIntentId={paymentIntentId} />;
}
