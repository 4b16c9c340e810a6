import { Alert, Anchor, Badge, Breadcrumbs, Button, Container, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { formatMoney } from "../../../src/domain/money";
import { usePrice } from "../../lib/price";
import { trpc } from "../../trpc";
import { ProductImage } from "./ProductImage";
import type { ProductDetail } from "./types";
import { AddToCartForm } from "./AddToCartForm";
import { useAddToCart } from "./useAddToCart";
import { usePageTitle } from "../../lib/page-title";

function stockState(product: ProductDetail): { label: string; color: string } {
  if (product.stockQuantity <= 0) return { label: "Out of Stock", color: "red" };
  if (product.stockQuantity <= product.lowStockThreshold)
    return { label: `Only ${product.stockQuantity} left in stock`, color: "ochre" };
  return { label: "In Stock", color: "forest" };
}

export function ProductNotFound() {
  usePageTitle("Product Not Found");
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Product Not Found</Title>
        <Text c="dimmed">The product you're looking for doesn't exist or is no longer available.</Text>
        <Button component={Link} to="/shop">
          Back to the Sacred Market
        </Button>
      </Stack>
    </Container>
  );
}

/** /shop/{slug}, linked by the spec but not shown: what a shopper expects of a product page. */
export function ProductPage({ slug }: { slug: string }) {
  const product = trpc.shop.product.useQuery({ slug });
  const addToCart = useAddToCart();
  const money = usePrice();
  usePageTitle(product.data?.name);

  if (product.isPending) {
    return (
      <Container size="lg" py={80}>
        <Group justify="center">
          <Loader aria-label="Loading product" />
        </Group>
      </Container>
    );
  }
  if (product.isError) {
    if (product.error.data?.code === "NOT_FOUND") return <ProductNotFound />;
    return (
      <Container size="sm" py={60}>
        <Alert color="red" title="Could not load this product" role="alert">
          Something went wrong. Please try again.
        </Alert>
      </Container>
    );
  }

  const p = product.data;
  const stock = stockState(p);
  const soldOut = p.stockQuantity <= 0;
  return (
    <Container size="lg" py="xl">
      <Breadcrumbs mb="lg" aria-label="Breadcrumb">
        <Anchor component={Link} to="/shop">
          Sacred Market
        </Anchor>
        <Text span>{p.name}</Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductImage src={p.imageUrl} alt={p.name} h={420} eager />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {p.categoryName && (
              <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                {p.categoryName}
              </Text>
            )}
            <Title order={1}>{p.name}</Title>
            <Text fz={28} fw={700} c="var(--seer-accent-text)">
              {p.currency === "USD" ? money(p.price) : formatMoney(p.price, p.currency)}
            </Text>
            <Group gap="xs">
              {p.origin && (
                <Badge variant="light" color="forest" tt="none">
                  Origin: {p.origin}
                </Badge>
              )}
              <Badge variant="outline" color={stock.color} tt="none">
                {stock.label}
              </Badge>
            </Group>
            {p.spiritualUse && (
              <Stack gap={4}>
                <Title order={2} fz="h4">
                  Spiritual Use
                </Title>
                <Text>{p.spiritualUse}</Text>
              </Stack>
            )}
            <Stack gap={4}>
              <Title order={2} fz="h4">
                Description
              </Title>
              <Text style={{ whiteSpace: "pre-line" }}>{p.description}</Text>
            </Stack>
            {(p.dimensions || p.weight) && (
              <Text size="sm" c="dimmed">
                {[p.dimensions && `Dimensions: ${p.dimensions}`, p.weight && `Weight: ${p.weight} kg`]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            )}
            <AddToCartForm
              productId={p.id}
              soldOut={soldOut}
              adding={addToCart.isPending}
              onAdd={() => addToCart.mutate({ productId: p.id, quantity: 1 })}
              size="md"
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
