import { createFileRoute } from "@tanstack/react-router";
import { BookingSuccess } from "../../../features/bookings/BookingSuccess";

export const Route = createFileRoute("/booking/success/$paymentIntentId")({
  component: BookingSuccessPage,
});

function BookingSuccessPage() {
  const { paymentIntentId } = Route.useParams();
  return <BookingSuccess key={paymentIntentId} paymentIntentId={paymentIntentId} />;
}
