import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePrice } from "../../lib/price";
import { AddToCartForm } from "./AddToCartForm";
import { ProductImage } from "./ProductImage";
import type { Product } from "./types";

type CardProduct = Pick<Product, "id" | "name" | "slug" | "price" | "origin" | "imageUrl" | "stockQuantity">;

export interface ProductCardProps {
  product: CardProduct;
  /** When given, the card shows Add to Cart (or a disabled 'Out of Stock'). */
  onAddToCart?: (productId: string) => void;
  /** docs/product.md#states-and-transitions: Add to Cart is disabled while an add is pending. */
  adding?: boolean;
  titleOrder?: 2 | 3;
}

/**
 * One product of the Sacred Market (docs/product.md#routes-and-screens "/shop"), shared with the home page's preview: picture and
 * name link to /shop/{slug}; price in GH₵ at the fixed display rate; origin badge.
 */
export function ProductCard({ product, onAddToCart, adding = false, titleOrder = 2 }: ProductCardProps) {
  const soldOut = product.stockQuantity <= 0;
  const money = usePrice("GHS");
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="product-card">
      <Card.Section>
        <Link to="/shop/$slug" params={{ slug: product.slug }} tabIndex={-1} aria-hidden>
          <ProductImage src={product.imageUrl} alt="" h={200} />
        </Link>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={titleOrder} fz="h4" lh={1.25}>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/shop/$slug" params={{ slug: product.slug }} />}
            c="inherit"
            underline="hover"
          >
            {product.name}
          </Anchor>
        </Title>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} c="var(--seer-accent-text)" size="lg">
            {money(product.price)}
          </Text>
          {product.origin && (
            <Badge variant="light" color="forest" tt="none">
              {product.origin}
            </Badge>
          )}
        </Group>
      </Stack>
      {onAddToCart && (
        <AddToCartForm
          productId={product.id}
          soldOut={soldOut}
          adding={adding}
          onAdd={() => onAddToCart(product.id)}
          mt="md"
          fullWidth
        />
      )}
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="product-skeleton">
      <Card.Section>
        <Skeleton h={200} radius={0} />
      </Card.Section>
      <Skeleton h={20} mt="md" w="80%" />
      <Skeleton h={16} mt="sm" w="40%" />
      <Skeleton h={36} mt="md" />
    </Card>
  );
}
