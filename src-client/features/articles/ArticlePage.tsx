import { useEffect, useRef } from "react";
import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconCalendar, IconEye, IconUser } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { authorName, isHttpUrl, videoEmbedUrl } from "../../../src/domain/articles";
import { trpc } from "../../trpc";
import { ArticleBody } from "./ArticleBody";
import { LocalDate } from "../../components/LocalDate";
import { useI18n } from "../../lib/i18n";
import { usePageTitle } from "../../lib/page-title";

function ArticleNotFound() {
  const { t } = useI18n();
  usePageTitle(t("wisdom.notFound"));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t("wisdom.notFound")}</Title>
        <Text c="dimmed">{t("wisdom.notFoundText")}</Text>
        <Button component={Link} to="/wisdom">
          {t("wisdom.back")}
        </Button>
      </Stack>
    </Container>
  );
}

/** YouTube and Vimeo play in the page; any other video address is only a link, never framed. */
function ArticleVideo({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedUrl(url);
  const { t } = useI18n();
  if (embed) {
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={embed}
          title={t("wisdom.videoTitle", { title })}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          style={{ border: 0, borderRadius: 8 }}
        />
      </AspectRatio>
    );
  }
  if (!isHttpUrl(url)) return null;
  return (
    <Text>
      <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow">
        {t("wisdom.watchVideo")}
      </Anchor>
    </Text>
  );
}

/** docs/product.md#routes-and-screens "/wisdom/{slug}". One view is recorded per page view, never per refetch. */
export function ArticlePage({ slug }: { slug: string }) {
  const utils = trpc.useUtils();
  const query = trpc.articles.bySlug.useQuery({ slug });
  const { t } = useI18n();
  usePageTitle(query.data?.article.title);
  const { mutate: recordView } = trpc.articles.recordView.useMutation({
    onSuccess: ({ viewCount }) =>
      utils.articles.bySlug.setData({ slug }, (old) => (old ? { ...old, article: { ...old.article, viewCount } } : old)),
  });
  // A ref, not state: StrictMode runs effects twice, and the view must still count once for this page view.
  const recorded = useRef<string | null>(null);
  const published = query.data?.article.isPublished === true;
  useEffect(() => {
    if (!published || recorded.current === slug) return;
    recorded.current = slug;
    recordView({ slug });
  }, [published, slug, recordView]);

  if (query.isPending) {
    return (
      <Container size="md" py={80}>
        <Group justify="center">
          <Loader aria-label={t("wisdom.loadingArticle")} />
        </Group>
      </Container>
    );
  }
  if (query.isError) {
    if (query.error.data?.code === "NOT_FOUND") return <ArticleNotFound />;
    return (
      <Container size="sm" py={60}>
        <Alert color="red" title={t("wisdom.articleError")} role="alert">
          <Text size="sm" mb="sm">
            {t("wisdom.articleErrorText")}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t("wisdom.tryAgain")}
          </Button>
        </Alert>
      </Container>
    );
  }

  const { article, author } = query.data;
  const date = article.publishedAt ?? article.createdAt;
  return (
    <Container size="md" py="xl" component="article">
      <Anchor component={Link} to="/wisdom" size="sm" mb="lg" display="inline-flex" style={{ alignItems: "center", gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden /> {t("wisdom.back")}
      </Anchor>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color="ochre">
            {article.category}
          </Badge>
          {!article.isPublished && (
            <Badge variant="outline" color="gray">
              {t("wisdom.draft")}
            </Badge>
          )}
        </Group>
        <Title order={1}>{article.title}</Title>
        <Group gap="lg" c="dimmed">
          <Group gap={6}>
            <IconUser size={16} aria-hidden />
            <Text size="sm">{authorName(author, t("wisdom.anonymous"))}</Text>
          </Group>
          <Group gap={6}>
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">
              <LocalDate moment={date} />
            </Text>
          </Group>
          <Group gap={6}>
            <IconEye size={16} aria-hidden />
            <Text size="sm" data-testid="article-views">
              {t("wisdom.views", { count: article.viewCount })}
            </Text>
          </Group>
        </Group>
        {article.tags.length > 0 && (
          <Group gap={6} aria-label={t("wisdom.tags")}>
            {article.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="terracotta" tt="none">
                #{tag}
              </Badge>
            ))}
          </Group>
        )}
        {article.featuredImageUrl && (
          <Image src={article.featuredImageUrl} alt={article.title} radius="md" mah={460} fit="cover" />
        )}
        {article.videoUrl && <ArticleVideo url={article.videoUrl} title={article.title} />}
        <Divider />
        <ArticleBody html={article.content} />
      </Stack>
    </Container>
  );
}
