import type { RouterOutputs } from "../../trpc";

/** An order as the back office sees it on /admin/orders/{id}. */
export type Order = RouterOutputs["orders"]["detail"];
