import { Alert, Button, Container, Group, NativeSelect, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { getRouteApi, Link, useRouter } from "@tanstack/react-router";
import { withThousands } from "../../../src/domain/money";
import { SEER_PAGE_SIZE } from "../../../src/domain/seer-limits";
import type { SeerDirectorySearch } from "../../../src/schemas/search";
import { FirstPageLink, LoadMore } from "../../components/LoadMore";
import { pick, SearchForm, useUrlSearchText } from "../../components/SearchForm";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { SeerCard, SeerCardSkeleton } from "./SeerCard";

const route = getRouteApi("/seers/");

export const SKELETON_CARDS = 6;

const FILTERS = ["country", "specialization", "language"] as const;
type FilterKey = (typeof FILTERS)[number];

/** "All" first, then the approved Seers' values; a value from a shared link stays selectable even if no longer offered. */
function selectData(allLabel: string, values: string[] | undefined, current: string | undefined) {
  const options = values ?? [];
  const withCurrent = current && !options.includes(current) ? [current, ...options] : options;
  return [{ value: "", label: allLabel }, ...withCurrent.map((v) => ({ value: v, label: v }))];
}

/** docs/product.md#routes-and-screens "/seers Directory": search and three filters kept in the URL, so a filtered list is a shareable link. */
export function SeerDirectory() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const router = useRouter();
  const { t } = useI18n();
  const q = search.q ?? "";

  // Any change of search or filters starts the list from the top again.
  const update = (patch: Partial<SeerDirectorySearch>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, cursor: undefined }), replace });
  const searchText = useUrlSearchText(q, (value) => void update({ q: value }, true));

  const options = trpc.seers.filterOptions.useQuery();
  const seers = trpc.seers.list.useInfiniteQuery(
    {
      search: search.q,
      country: search.country,
      specialization: search.specialization,
      language: search.language,
      from: search.cursor,
      pageSize: SEER_PAGE_SIZE,
    },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const selectFilter = (key: FilterKey) => (event: React.ChangeEvent<HTMLSelectElement>) =>
    void update({ [key]: event.currentTarget.value || undefined });

  const items = seers.data?.pages.flatMap((p) => p.items) ?? [];
  // The last page's total: a search counts up to a cap past the pages already shown, so it knows the most (`608+`).
  const lastPage = seers.data?.pages.at(-1);
  const total = lastPage ? `${withThousands(lastPage.total)}${lastPage.totalCapped ? "+" : ""}` : "0";

  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("seers.title")}</Title>
        <Text c="dimmed" maw={640}>
          {t("seers.lead")}
        </Text>
      </Stack>

      <SearchForm
        label={t("seers.find")}
        placeholder={t("seers.searchPlaceholder")}
        action="/seers"
        search={searchText}
        onEarlyFilters={(patch) => void update(pick(patch, FILTERS))}
      >
        <NativeSelect
          label={t("seers.country")}
          name="country"
          data={selectData(t("seers.allCountries"), options.data?.countries, search.country)}
          value={search.country ?? ""}
          onChange={selectFilter("country")}
          style={{ flex: "1 1 160px" }}
        />
        <NativeSelect
          label={t("seers.specialization")}
          name="specialization"
          data={selectData(t("seers.allSpecializations"), options.data?.specializations, search.specialization)}
          value={search.specialization ?? ""}
          onChange={selectFilter("specialization")}
          style={{ flex: "1 1 180px" }}
        />
        <NativeSelect
          label={t("seers.language")}
          name="language"
          data={selectData(t("seers.allLanguages"), options.data?.languages, search.language)}
          value={search.language ?? ""}
          onChange={selectFilter("language")}
          style={{ flex: "1 1 160px" }}
        />
        <Button variant="default" component={Link} to="/seers" onClick={searchText.reset}>
          {t("seers.clear")}
        </Button>
      </SearchForm>

      {seers.isPending ? (
        <div aria-busy="true">
          <VisuallyHidden role="status">{t("seers.loading")}</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <SeerCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        </div>
      ) : seers.isError ? (
        <Alert color="red" title={t("seers.loadError")} role="alert">
          <Text size="sm" mb="sm">
            {t("seers.loadErrorText")}
          </Text>
          <Group gap="md">
            <Button size="xs" variant="light" color="red" onClick={() => void seers.refetch()}>
              {t("seers.tryAgain")}
            </Button>
            {/* A list opened from an old or altered `Load more` link: its place may be gone, its first page is not. */}
            {search.cursor && (
              <FirstPageLink href={router.buildLocation({ to: "/seers", search: { ...search, cursor: undefined } }).href} />
            )}
          </Group>
        </Alert>
      ) : items.length === 0 ? (
        <Text ta="center" c="dimmed" py={60} size="lg" role="status">
          {t("seers.none")}
        </Text>
      ) : (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {items.map((seer) => (
              <SeerCard key={seer.id} seer={seer} />
            ))}
          </SimpleGrid>
          <Stack align="center" gap="xs">
            <Text size="sm" c="dimmed" role="status">
              {t("seers.showing", { shown: withThousands(items.length), total })}
            </Text>
            {search.cursor && (
              <FirstPageLink href={router.buildLocation({ to: "/seers", search: { ...search, cursor: undefined } }).href} />
            )}
            {seers.hasNextPage && (
              <LoadMore
                href={router.buildLocation({ to: "/seers", search: { ...search, cursor: lastPage?.nextCursor ?? undefined } }).href}
                loading={seers.isFetchingNextPage}
                onLoad={() => void seers.fetchNextPage()}
              />
            )}
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
