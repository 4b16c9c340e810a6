export { ProductCard, ProductCardSkeleton } from "./ProductCard";
export type { Product } from "./types";
