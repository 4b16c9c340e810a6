import type { CartLineData } from "./types";
import type { Category, Product, ProductDetail } from "./types";

export const signedInUser = {
  id: "u-1",
  email: "ama@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};

export const categories: Category[] = [
  { id: "c-herbs", name: "Sacred Herbs", slug: "sacred-herbs" },
  { id: "c-tools", name: "Ritual Tools", slug: "ritual-tools" },
];

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: "p-1",
    name: "Impepho Incense Bundle",
    slug: "impepho-incense-bundle",
    description: "Dried helichrysum burned to call the ancestors.",
    price: "10.00",
    currency: "USD",
    categoryId: "c-herbs",
    origin: "South Africa",
    spiritualUse: "Cleansing and calling the ancestors.",
    imageUrl: "/images/products/impepho-incense-bundle.svg",
    stockQuantity: 12,
    ...overrides,
  };
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...product(),
    categoryName: "Sacred Herbs",
    lowStockThreshold: 5,
    weight: "0.20",
    dimensions: "20 x 5 x 5 cm",
    ...overrides,
  };
}

export function cartLine(
  overrides: { id: string; quantity: number } & Partial<CartLineData["product"]> & { productId?: string },
): CartLineData {
  const { id, quantity, productId, ...productOverrides } = overrides;
  return {
    id,
    productId: productId ?? `p-${id}`,
    quantity,
    product: {
      name: `Item ${id}`,
      price: "10.00",
      imageUrl: null,
      slug: `item-${id}`,
      stockQuantity: 10,
      isActive: true,
      ...productOverrides,
    },
  };
}
