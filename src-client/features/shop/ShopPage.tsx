import { Alert, Button, Container, Group, NativeSelect, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { getRouteApi, Link, useRouter } from "@tanstack/react-router";
import { PRODUCT_PAGE_SIZE } from "../../../src/domain/pages";
import type { ShopSearch } from "../../../src/schemas/shop";
import { FirstPageLink, LoadMore } from "../../components/LoadMore";
import { pick, SearchForm, useUrlSearchText } from "../../components/SearchForm";
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

  const categoryData = [
    { value: "", label: "All Categories" },
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>Sacred Market</Title>
        <Text c="dimmed" maw={640}>
          Sacred items made by craftspeople across Africa: ritual tools, herbs, beads, cloth, carvings and books.
        </Text>
      </Stack>

      <SearchForm
        label="Find a product"
        placeholder="Search sacred items"
        action="/shop"
        search={searchText}
        onEarlyFilters={(patch) => void update(pick(patch, ["category"]))}
      >
        <NativeSelect
          label="Category"
          name="category"
          data={categoryData}
          value={search.category ?? ""}
          onChange={(e) => void update({ category: e.currentTarget.value || undefined })}
          style={{ flex: "1 1 200px" }}
        />
        <Button variant="default" component={Link} to="/shop" onClick={searchText.reset}>
          Clear
        </Button>
      </SearchForm>

      {products.isPending ? (
        <div aria-busy="true">
          <VisuallyHidden role="status">Loading products…</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
            {Array.from({ length: PRODUCT_SKELETONS }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        </div>
      ) : products.isError ? (
        <Alert color="red" title="Could not load products" role="alert">
          <Text size="sm" mb="sm">
            Something went wrong while loading the Sacred Market. Please try again.
          </Text>
          <Group gap="md">
            <Button size="xs" variant="light" color="red" onClick={() => void products.refetch()}>
              Try again
            </Button>
            {/* A list opened from an old or altered `Load more` link: its place may be gone, its first page is not. */}
            {search.cursor && (
              <FirstPageLink href={router.buildLocation({ to: "/shop", search: { ...search, cursor: undefined } }).href} />
            )}
          </Group>
        </Alert>
      ) : items.length === 0 ? (
        <Text ta="center" c="dimmed" py={60} size="lg" role="status">
          No products found matching your criteria
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
