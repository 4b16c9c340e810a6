import { Badge, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconEye, IconVideo } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { previewOf } from "../../../src/domain/articles";
import { LocalDate } from "../../components/LocalDate";
import { useI18n } from "../../lib/i18n";
import type { ArticleWithAuthor } from "./types";

/** A /wisdom card: image, category, video icon, title, excerpt, published date or 'Draft', view count. */
export function ArticleCard({ item: { article } }: { item: ArticleWithAuthor }) {
  const { t } = useI18n();
  return (
    <Card withBorder radius="md" padding="lg" component="article" h="100%">
      {article.featuredImageUrl && (
        <Card.Section>
          <Image src={article.featuredImageUrl} alt="" h={180} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="xs" mt={article.featuredImageUrl ? "md" : 0} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="ochre">
            {article.category}
          </Badge>
          {article.videoUrl && (
            <Group gap={4} c="var(--seer-accent-text)" aria-label={t("wisdom.hasVideo")} role="img">
              <IconVideo size={18} aria-hidden />
            </Group>
          )}
        </Group>
        <Title order={2} size="h4" lineClamp={2}>
          <Link to="/wisdom/$slug" params={{ slug: article.slug }} style={{ color: "inherit", textDecoration: "none" }}>
            {article.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {previewOf(article)}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {article.isPublished && article.publishedAt ? <LocalDate moment={article.publishedAt} /> : t("wisdom.draft")}
          </Text>
          <Group gap={4}>
            <IconEye size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t("wisdom.views", { count: article.viewCount })}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
