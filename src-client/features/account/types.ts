import type { RouterOutputs } from "../../trpc";

type Outputs = RouterOutputs["account"];
/** A booking as its client sees it on /profile. */
export type Consultation = Outputs["consultations"]["upcoming"][number];
export type Order = Outputs["orders"][number];
