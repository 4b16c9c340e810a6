import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/PagePlaceholder";

export const Route = createFileRoute("/booking/success/$paymentIntentId")({
  component: () => <PagePlaceholder title="Booking Confirmed!" />,
});
