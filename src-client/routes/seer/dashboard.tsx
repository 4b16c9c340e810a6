import { createFileRoute } from "@tanstack/react-router";
import { SeerDashboard } from "../../features/dashboard/SeerDashboard";

export const Route = createFileRoute("/seer/dashboard")({
  component: SeerDashboard,
});
