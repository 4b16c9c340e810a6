import { createFileRoute, redirect } from "@tanstack/react-router";

/** The card provider's return URL: it carries ?payment_intent=..., which the confirmation screen takes from here. */
export const Route = createFileRoute("/booking-success")({
  validateSearch: (search: Record<string, unknown>) => ({
    payment_intent: typeof search.payment_intent === "string" && search.payment_intent ? search.payment_intent : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (search.payment_intent) {
      throw redirect({
        to: "/booking/success/$paymentIntentId",
        params: { paymentIntentId: search.payment_intent },
        replace: true,
      });
    }
    throw redirect({ to: "/seers", replace: true });
  },
});
