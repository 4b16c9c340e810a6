import { createFileRoute, redirect } from "@tanstack/react-router";

// No payment intent in the URL: nothing to confirm (SPEC §2).
export const Route = createFileRoute("/order/success/")({
  beforeLoad: () => {
    throw redirect({ to: "/shop", replace: true });
  },
});
