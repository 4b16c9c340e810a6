import { createFileRoute } from "@tanstack/react-router";
import { wisdomSearch } from "../../../src/schemas/search";
import { WisdomPage } from "../../features/articles/WisdomPage";

export const Route = createFileRoute("/wisdom/")({
  validateSearch: wisdomSearch,
  component: WisdomPage,
});
