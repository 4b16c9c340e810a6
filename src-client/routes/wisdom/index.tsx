import { createFileRoute } from "@tanstack/react-router";
import { wisdomSearchSchema } from "../../../src/schemas/articles";
import { WisdomPage } from "../../features/articles/WisdomPage";

export const Route = createFileRoute("/wisdom/")({
  validateSearch: wisdomSearchSchema,
  component: WisdomPage,
});
