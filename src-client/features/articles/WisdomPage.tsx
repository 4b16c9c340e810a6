import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { pick, SearchForm, useUrlSearchText } from "../../components/SearchForm";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { ArticleCard } from "./ArticleCard";

const route = getRouteApi("/wisdom/");

/** docs/product.md#routes-and-screens "/wisdom": published articles, with a search box and a category filter kept in the URL. */
export function WisdomPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const q = search.q ?? "";
  const { t } = useI18n();

  const searchText = useUrlSearchText(q, (value) => void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true }));

  const categories = trpc.articles.categories.useQuery();
  const articles = trpc.articles.list.useQuery({ search: search.q, category: search.category });

  const categoryOptions = categories.data ?? [];
  const withCurrent =
    search.category && !categoryOptions.includes(search.category) ? [search.category, ...categoryOptions] : categoryOptions;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="xl" gap="md">
        <Stack gap="xs">
          <Title order={1}>{t("wisdom.title")}</Title>
          <Text c="dimmed" maw={640}>
            {t("wisdom.lead")}
          </Text>
        </Stack>
        <Button component={Link} to="/articles/new" leftSection={<IconPencil size={16} aria-hidden />} variant="light">
          {t("nav.writeArticle")}
        </Button>
      </Group>

      <SearchForm
        label={t("wisdom.find")}
        placeholder={t("wisdom.searchPlaceholder")}
        action="/wisdom"
        search={searchText}
        onEarlyFilters={(patch) => void navigate({ search: (prev) => ({ ...prev, ...pick(patch, ["category"]) }) })}
      >
        <NativeSelect
          label={t("wisdom.category")}
          name="category"
          data={[{ value: "", label: t("wisdom.allCategories") }, ...withCurrent.map((c) => ({ value: c, label: c }))]}
          value={search.category ?? ""}
          onChange={(e) => void navigate({ search: (prev) => ({ ...prev, category: e.currentTarget.value || undefined }) })}
          style={{ flex: "1 1 200px" }}
        />
      </SearchForm>

      {articles.isPending ? (
        <div aria-busy="true">
          <VisuallyHidden role="status">{t("wisdom.loading")}</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={320} radius="md" />
            ))}
          </SimpleGrid>
        </div>
      ) : articles.isError ? (
        <Alert color="red" title={t("wisdom.loadError")} role="alert">
          <Text size="sm" mb="sm">
            {t("wisdom.loadErrorText")}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void articles.refetch()}>
            {t("wisdom.tryAgain")}
          </Button>
        </Alert>
      ) : articles.data.length === 0 ? (
        <Stack align="center" py={60} gap="xs" role="status">
          <Title order={2} size="h3">
            {t("wisdom.none")}
          </Title>
          <Text c="dimmed">{search.q || search.category ? t("wisdom.noneFiltered") : t("wisdom.noneYet")}</Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {articles.data.map((item) => (
            <ArticleCard key={item.article.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
