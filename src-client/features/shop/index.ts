export { ProductCard, ProductCardSkeleton, type ProductCardProps } from "./ProductCard";
export { useAddToCart } from "./useAddToCart";
export type { Product } from "./types";
