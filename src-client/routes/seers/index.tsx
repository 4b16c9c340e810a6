import { createFileRoute } from "@tanstack/react-router";
import { seerDirectorySearchSchema } from "../../../src/schemas/seers";
import { SeerDirectory } from "../../features/seers/SeerDirectory";

export const Route = createFileRoute("/seers/")({
  validateSearch: seerDirectorySearchSchema,
  component: SeerDirectory,
});
