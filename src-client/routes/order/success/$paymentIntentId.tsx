import { createFileRoute } from "@tanstack/react-router";
import { OrderSuccessPage } from "../../../features/shop/OrderSuccessPage";

export const Route = createFileRoute("/order/success/$paymentIntentId")({
  component: OrderSuccessRoute,
});

function OrderSuccessRoute() {
  const { paymentIntentId } = Route.useParams();
  return <OrderSuccessPage key={paymentIntentId} paymentIntentId={paymentIntentId} />;
}
