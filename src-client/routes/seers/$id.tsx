import { createFileRoute } from "@tanstack/react-router";
import { SeerProfile } from "../../features/seers/SeerProfile";

export const Route = createFileRoute("/seers/$id")({
  // Started, not awaited: the profile renders its own loading and not-found states.
  loader: ({ context, params }) => {
    void context.trpc.seers.byId.prefetch({ id: params.id });
  },
  component: SeerProfile,
});
