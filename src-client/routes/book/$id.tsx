import "@mantine/dates/styles.css";
import { createFileRoute } from "@tanstack/react-router";
import { sessionTypeOrDefault } from "../../../src/domain/consultations";
import { BookingWizard } from "../../features/booking/BookingWizard";

export const Route = createFileRoute("/book/$id")({
  // SPEC §2: the session defaults to 30min when missing or unknown.
  validateSearch: (search: Record<string, unknown>) => ({ session: sessionTypeOrDefault(search.session) }),
  component: BookPage,
});

function BookPage() {
  const { id } = Route.useParams();
  const { session } = Route.useSearch();
  return <BookingWizard seerId={id} sessionType={session} />;
}
