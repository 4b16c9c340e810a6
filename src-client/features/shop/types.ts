import type { RouterOutputs as Outputs } from "../../trpc";

export type Product = Outputs["shop"]["products"]["items"][number];
export type ProductDetail = Outputs["shop"]["product"];
export type Category = Outputs["shop"]["categories"][number];
export type CartLineData = Outputs["cart"]["list"][number];
/** An order as the person who placed it sees it on /profile. */
export type Order = Outputs["account"]["orders"][number];
