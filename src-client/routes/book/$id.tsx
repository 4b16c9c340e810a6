import "@mantine/dates/styles.css";
import { createFileRoute } from "@tanstack/react-router";
import { sessionTypeOrDefault } from "../../../src/domain/consultations";
import { checkAccess, RequireAuth } from "../../features/account/guard";
import { BookingWizard } from "../../features/bookings/BookingWizard";

export const Route = createFileRoute("/book/$id")({
  // docs/product.md#routes-and-screens: the session defaults to 30min when missing or unknown.
  validateSearch: (search: Record<string, unknown>) => ({ session: sessionTypeOrDefault(search.session) }),
  beforeLoad: ({ context }) => checkAccess(context, "booking"),
  component: BookPage,
});

function BookPage() {
  const { id } = Route.useParams();
  const { session } = Route.useSearch();
  return (
    <RequireAuth>
      <BookingWizard seerId={id} sessionType={session} />
    </RequireAuth>
  );
}
