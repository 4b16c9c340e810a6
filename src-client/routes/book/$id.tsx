import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { sessionTypeOrDefault } from "../../../src/domain/consultations";
import { checkAccess, RequireAuth } from "../../features/account/guard";
import { BookingWizard } from "../../features/bookings/BookingWizard";
import { WIZARD_STEPS, type WizardPlace } from "../../features/bookings/wizard-place";

/** The wizard's place in the address; anything malformed falls back to the first step (docs/product.md). */
const searchSchema = z.object({
  session: z.unknown().optional().transform(sessionTypeOrDefault),
  step: z.enum(WIZARD_STEPS).optional().catch(undefined),
  date: z.iso.date().optional().catch(undefined),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):00$/)
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute("/book/$id")({
  // docs/product.md#routes-and-screens: the session defaults to 30min when missing or unknown.
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
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
