import { useState } from "react";
import { Alert, Badge, Button, Card, Container, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Article } from "./types";

function DeleteArticleModal({ article, onClose }: { article: Article | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const remove = trpc.articles.remove.useMutation({
    onSuccess: async () => {
      onClose();
      await Promise.all([
        utils.articles.mine.invalidate(),
        utils.articles.list.invalidate(),
        utils.articles.categories.invalidate(),
      ]);
    },
    // The server's reason as it comes (English until its answers are translated), else ours in the page's language.
    onError: (error) => notify(error.message ? { title: error.message } : messages.deleteArticleFailed, "destructive"),
  });
  return (
    <Modal opened={article !== null} onClose={onClose} title={t("articles.delete.title")} centered>
      {article && (
        <Stack>
          <Text>{t("articles.delete.confirm", { title: article.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              {t("articles.delete.cancel")}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: article.id })}>
              {t("articles.delete.delete")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ArticleRow({ article, onDelete }: { article: Article; onDelete: () => void }) {
  const { t } = useI18n();
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: "1 1 280px", minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={article.isPublished ? "forest" : "gray"} variant={article.isPublished ? "filled" : "outline"}>
              {t(article.isPublished ? "articles.mine.published" : "articles.mine.draft")}
            </Badge>
            <Badge variant="light" color="ochre">
              {article.category}
            </Badge>
          </Group>
          <Title order={2} size="h4">
            {article.title}
          </Title>
          <Group gap={4} c="dimmed">
            <IconEye size={14} aria-hidden />
            <Text size="sm">{t("articles.mine.views", { count: article.viewCount })}</Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {article.isPublished && (
            <Button
              renderRoot={(props) => <Link {...props} to="/wisdom/$slug" params={{ slug: article.slug }} />}
              variant="default"
              size="xs"
              leftSection={<IconEye size={14} aria-hidden />}
            >
              {t("articles.mine.view")}
            </Button>
          )}
          <Button
            renderRoot={(props) => <Link {...props} to="/articles/edit/$id" params={{ id: article.id }} />}
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            {t("articles.mine.edit")}
          </Button>
          <Button variant="light" color="red" size="xs" onClick={onDelete} leftSection={<IconTrash size={14} aria-hidden />}>
            {t("articles.mine.delete")}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function MyArticlesList() {
  const mine = trpc.articles.mine.useQuery();
  const [toDelete, setToDelete] = useState<Article | null>(null);
  const { t } = useI18n();

  if (mine.isPending) {
    return (
      <Group justify="center" py={60}>
        <Loader aria-label={t("articles.mine.loading")} />
      </Group>
    );
  }
  if (mine.isError) {
    return (
      <Alert color="red" title={t("articles.mine.loadFailed")} role="alert">
        <Button size="xs" variant="light" color="red" onClick={() => void mine.refetch()}>
          {t("articles.mine.tryAgain")}
        </Button>
      </Alert>
    );
  }
  if (mine.data.length === 0) {
    return (
      <Stack align="center" py={60} gap="xs">
        <Title order={2} size="h3">
          {t("articles.mine.none")}
        </Title>
        <Text c="dimmed">{t("articles.mine.noneText")}</Text>
      </Stack>
    );
  }
  return (
    <>
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("articles.mine.list")}>
        {mine.data.map(({ article }) => (
          <ArticleRow key={article.id} article={article} onDelete={() => setToDelete(article)} />
        ))}
      </Stack>
      <DeleteArticleModal article={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

/** docs/product.md#routes-and-screens "/my-articles": the signed-in author's articles, drafts included. */
export function MyArticlesPage() {
  const { t } = useI18n();
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="xl">
        <Title order={1}>{t("articles.mine.title")}</Title>
        <Button component={Link} to="/articles/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("articles.mine.write")}
        </Button>
      </Group>
      <MyArticlesList />
    </Container>
  );
}
