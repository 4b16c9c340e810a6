import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { sessionTypeOrDefault, type SessionType } from "../../../src/domain/enums";
import { isoDate, oneOf, present, text } from "../../../src/schemas/search";
import { checkAccess } from "../../features/account/access";
import { RequireAuth } from "../../features/account/guard";
import { BookingWizard } from "../../features/bookings/BookingWizard";
import { WIZARD_STEPS, type WizardPlace } from "../../features/bookings/wizard-place";

/** An hour on the clock, HH:00. */
const HOUR = /^([01]\d|2[0-3]):00$/;

export const Route = createFileRoute("/book/$id")({
  // The wizard's place in the address; anything malformed falls back to the first step (docs/product.md).
  // docs/product.md#routes-and-screens: the session defaults to 30min when missing or unknown.
  validateSearch: (search: Record<string, unknown>): { session: SessionType } & Partial<WizardPlace> => {
    const time = text(search.time);
    return present({
      session: sessionTypeOrDefault(search.session),
      step: oneOf(search.step, WIZARD_STEPS),
      date: isoDate(search.date),
      time: time !== undefined && HOUR.test(time) ? time : undefined,
    });
  },
  beforeLoad: ({ context }) => checkAccess(context, "booking"),
  component: BookPage,
});

function BookPage() {
  const { id } = Route.useParams();
  const { session, ...place } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onPlace = (patch: Partial<WizardPlace>, { replace }: { replace: boolean }) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace, resetScroll: false });
  return (
    <RequireAuth>
      <BookingWizard seerId={id} sessionType={session} place={place} onPlace={onPlace} />
    </RequireAuth>
  );
}
