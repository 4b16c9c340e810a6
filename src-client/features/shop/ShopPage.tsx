import { Alert, Button, Container, Group, NativeSelect, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { getRouteApi, Link, useRouter } from "@tanstack/react-router";
import { PRODUCT_PAGE_SIZE } from "../../../src/domain/pages";
import type { ShopSearch } from "../../../src/schemas/shop";
import { FirstPageLink, LoadMore } from "../../components/LoadMore";
import { pick, SearchForm, useUrlSearchText } from "../../components/SearchForm";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { ProductCard, ProductCardSkeleton } from "./ProductCard";
import { useAddToCart } from "./useAddToCart";

const route = getRouteApi("/shop/");

/** docs/product.md#constants-and-limits: 8 product skeletons while loading. */
export const PRODUCT_SKELETONS = 8;

/** docs/product.md#routes-and-screens "/shop": search and category kept in the URL, so a filtered listing is a shareable link. */
export function ShopPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const router = useRouter();
  const q = search.q ?? "";

  // Any change of search or category starts the listing from the top again.
  const update = (patch: Partial<ShopSearch>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, cursor: undefined }), replace });
  const searchText = useUrlSearchText(q, (value) => void update({ q: value }, true));

  const categories = trpc.shop.categories.useQuery();
  const products = trpc.shop.products.useInfiniteQuery(
    { search: search.q, categoryId: search.category, from: search.cursor, limit: PRODUCT_PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const items = products.data?.pages.flatMap((p) => p.items) ?? [];
  const addToCart = useAddToCart();
  const { t } = useI18n();

  const categoryData = [
    { value: "", label: t("market.allCategories") },
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("market.title")}</Title>
        <Text c="dimmed" maw={640}>
          {t("market.lead")}
        </Text>
      </Stack>

      <SearchForm
        label={t("market.find")}
        placeholder={t("market.searchPlaceholder")}
        action="/shop"
        search={searchText}
        onEarlyFilters={(patch) => void update(pick(patch, ["category"]))}
      >
        <NativeSelect
          label={t("market.category")}
          name="category"
          data={categoryData}
          value={search.category ?? ""}
          onChange={(e) => void update({ category: e.currentTarget.value || undefined })}
          style={{ flex: "1 1 200px" }}
        />
        <Button variant="default" component={Link} to="/shop" onClick={searchText.reset}>
          {t("market.clear")}
        </Button>
      </SearchForm>

      {products.isPending ? (
        <div aria-busy="true">
          <VisuallyHidden role="status">{t("market.loading")}</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
            {Array.from({ length: PRODUCT_SKELETONS }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        </div>
      ) : products.isError ? (
        <Alert color="red" title={t("market.loadError")} role="alert">
          <Text size="sm" mb="sm">
            {t("market.loadErrorText")}
          </Text>
          <Group gap="md">
            <Button size="xs" variant="light" color="red" onClick={() => void products.refetch()}>
              {t("market.tryAgain")}
            </Button>
            {/* A list opened from an old or altered `Load more` link: its place may be gone, its first page is not. */}
            {search.cursor && (
              <FirstPageLink href={router.buildLocation({ to: "/shop", search: { ...search, cursor: undefined } }).href} />
            )}
          </Group>
        </Alert>
      ) : items.length === 0 ? (
        <Text ta="center" c="dimmed" py={60} size="lg" role="status">
          {t("market.none")}
        </Text>
      ) : (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
            {items.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                adding={addToCart.isPending}
                onAddToCart={(productId) => addToCart.mutate({ productId, quantity: 1 })}
              />
            ))}
          </SimpleGrid>
          {(products.hasNextPage || search.cursor) && (
            <Group justify="center">
              {search.cursor && (
                <FirstPageLink href={router.buildLocation({ to: "/shop", search: { ...search, cursor: undefined } }).href} />
              )}
              {products.hasNextPage && (
                <LoadMore
                  href={
                    router.buildLocation({
                      to: "/shop",
                      search: { ...search, cursor: products.data?.pages.at(-1)?.nextCursor ?? undefined },
                    }).href
                  }
                  loading={products.isFetchingNextPage}
                  onLoad={() => void products.fetchNextPage()}
                />
              )}
            </Group>
          )}
        </Stack>
      )}
    </Container>
  );
}
