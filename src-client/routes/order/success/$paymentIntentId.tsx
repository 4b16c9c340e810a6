import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/PagePlaceholder";

export const Route = createFileRoute("/order/success/$paymentIntentId")({
  component: () => <PagePlaceholder title="Order Placed Successfully!" />,
});
