import { Alert, Anchor, Badge, Breadcrumbs, Button, Container, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { formatMoney } from "../../../src/domain/money";
import { formatDecimalText } from "../../lib/format";
import { useI18n, type Translate } from "../../lib/i18n";
import { usePrice } from "../../lib/price";
import { trpc } from "../../trpc";
import { ProductImage } from "./ProductImage";
import type { ProductDetail } from "./types";
import { AddToCartForm } from "./AddToCartForm";
import { useAddToCart } from "./useAddToCart";
import { usePageTitle } from "../../lib/page-title";

function stockState(product: ProductDetail, t: Translate): { label: string; color: string } {
  if (product.stockQuantity <= 0) return { label: t("market.outOfStock"), color: "red" };
  if (product.stockQuantity <= product.lowStockThreshold)
    return { label: t("product.lowStock", { count: product.stockQuantity }), color: "ochre" };
  return { label: t("product.inStock"), color: "forest" };
}

export function ProductNotFound() {
  const { t } = useI18n();
  usePageTitle(t("product.notFound"));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t("product.notFound")}</Title>
        <Text c="dimmed">{t("product.notFoundText")}</Text>
        <Button component={Link} to="/shop">
          {t("product.back")}
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
  const { t } = useI18n();
  usePageTitle(product.data?.name);

  if (product.isPending) {
    return (
      <Container size="lg" py={80}>
        <Group justify="center">
          <Loader aria-label={t("product.loading")} />
        </Group>
      </Container>
    );
  }
  if (product.isError) {
    if (product.error.data?.code === "NOT_FOUND") return <ProductNotFound />;
    return (
      <Container size="sm" py={60}>
        <Alert color="red" title={t("product.loadError")} role="alert">
          {t("product.loadErrorText")}
        </Alert>
      </Container>
    );
  }

  const p = product.data;
  const stock = stockState(p, t);
  const soldOut = p.stockQuantity <= 0;
  return (
    <Container size="lg" py="xl">
      <Breadcrumbs mb="lg" aria-label={t("product.breadcrumb")}>
        <Anchor component={Link} to="/shop">
          {t("market.title")}
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
                  {t("product.origin", { origin: p.origin })}
                </Badge>
              )}
              <Badge variant="outline" color={stock.color} tt="none">
                {stock.label}
              </Badge>
            </Group>
            {p.spiritualUse && (
              <Stack gap={4}>
                <Title order={2} fz="h4">
                  {t("product.spiritualUse")}
                </Title>
                <Text>{p.spiritualUse}</Text>
              </Stack>
            )}
            <Stack gap={4}>
              <Title order={2} fz="h4">
                {t("product.description")}
              </Title>
              <Text style={{ whiteSpace: "pre-line" }}>{p.description}</Text>
            </Stack>
            {(p.dimensions || p.weight) && (
              <Text size="sm" c="dimmed">
                {[
                  p.dimensions && t("product.dimensions", { dimensions: p.dimensions }),
                  p.weight && t("product.weight", { weight: formatDecimalText(p.weight) }),
                ]
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
