import { createFileRoute, redirect } from "@tanstack/react-router";

// No payment intent in the URL: nothing to confirm (docs/product.md#routes-and-screens).
export const Route = createFileRoute("/booking/success/")({
  beforeLoad: () => {
    throw redirect({ to: "/seers", replace: true });
  },
});
