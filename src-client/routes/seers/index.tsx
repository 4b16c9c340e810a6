import { createFileRoute } from "@tanstack/react-router";
import { seerDirectorySearch } from "../../../src/schemas/search";
import { SeerDirectory } from "../../features/seers/SeerDirectory";

export const Route = createFileRoute("/seers/")({
  validateSearch: seerDirectorySearch,
  component: SeerDirectory,
});
