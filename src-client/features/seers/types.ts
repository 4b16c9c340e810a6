import type { RouterOutputs } from "../../trpc";

type Outputs = RouterOutputs["seers"];
export type Seer = Outputs["byId"];
export type SeerReview = Outputs["reviews"][number];
