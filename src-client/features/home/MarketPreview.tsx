import { Alert, Group, SimpleGrid, Text } from "@mantine/core";
import { HOME_PRODUCTS } from "../../../src/domain/site";
import { ProductCard, ProductCardSkeleton } from "../shop";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/** The Sacred Market preview: the first 6 active products, priced in GH₵ (docs/product.md#product-and-users, §2), without Add to Cart. */
export function MarketPreview() {
  const products = trpc.shop.products.useQuery({ limit: HOME_PRODUCTS });
  const { t } = useI18n();

  if (products.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" role="status" aria-label={t("home.loadingProducts")} aria-busy="true">
        {Array.from({ length: HOME_PRODUCTS }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }
  if (products.isError) {
    return (
      <Alert color="terracotta" title={t("home.marketError")}>
        {t("home.marketErrorText")}
      </Alert>
    );
  }
  const shown = products.data.items.slice(0, HOME_PRODUCTS);
  if (shown.length === 0) {
    return (
      <Group justify="center">
        <Text c="dimmed">{t("home.marketNone")}</Text>
      </Group>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {shown.map((product) => (
        <ProductCard key={product.id} product={product} titleOrder={3} />
      ))}
    </SimpleGrid>
  );
}
