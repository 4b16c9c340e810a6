import { createFileRoute } from "@tanstack/react-router";
import { BookingSuccess } from "../../../features/bookings/BookingSuccess";

export const Route = createFileRoute("/booking/success/$paymentIntentId")({
  // Not a protected page, but a screen the server does not draw: its texts are in the app's catalog.
  beforeLoad: ({ context }) => context.i18n.ensureApp(),
  component: BookingSuccessPage,
});

function BookingSuccessPage() {
  const { paymentIntentId } = Route.useParams();
  return <BookingSuccess key={paymentIntentId} paymentIntentId={paymentIntentId} />;
}
