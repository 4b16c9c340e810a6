import { createFileRoute, redirect } from "@tanstack/react-router";

// The header and footer link /dashboard; the screen lives at /seer/dashboard (docs/product.md#routes-and-screens).
export const Route = createFileRoute("/dashboard")({
  beforeLoad: () => {
    throw redirect({ to: "/seer/dashboard", replace: true });
  },
});
