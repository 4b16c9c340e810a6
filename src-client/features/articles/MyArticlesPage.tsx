import { useState } from "react";
import { Alert, Badge, Button, Card, Container, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { formatViews } from "../../lib/format";
import type { Article } from "./types";

export const deleteConfirmation = (title: string): string =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;

function DeleteArticleModal({ article, onClose }: { article: Article | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.articles.remove.useMutation({
    onSuccess: async () => {
      onClose();
      await Promise.all([
        utils.articles.mine.invalidate(),
        utils.articles.list.invalidate(),
        utils.articles.categories.invalidate(),
      ]);
    },
    onError: (error) => notify({ title: error.message || messages.deleteArticleFailed.title }, "destructive"),
  });
  return (
    <Modal opened={article !== null} onClose={onClose} title="Delete Article" centered>
      {article && (
        <Stack>
          <Text>{deleteConfirmation(article.title)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: article.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ArticleRow({ article, onDelete }: { article: Article; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: "1 1 280px", minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={article.isPublished ? "forest" : "gray"} variant={article.isPublished ? "filled" : "outline"}>
              {article.isPublished ? "Published" : "Draft"}
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
            <Text size="sm">{formatViews(article.viewCount)}</Text>
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
              View
            </Button>
          )}
          <Button
            renderRoot={(props) => <Link {...props} to="/articles/edit/$id" params={{ id: article.id }} />}
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            Edit
          </Button>
          <Button variant="light" color="red" size="xs" onClick={onDelete} leftSection={<IconTrash size={14} aria-hidden />}>
            Delete
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function MyArticlesList() {
  const mine = trpc.articles.mine.useQuery();
  const [toDelete, setToDelete] = useState<Article | null>(null);

  if (mine.isPending) {
    return (
      <Group justify="center" py={60}>
        <Loader aria-label="Loading your articles" />
      </Group>
    );
  }
  if (mine.isError) {
    return (
      <Alert color="red" title="Could not load your articles" role="alert">
        <Button size="xs" variant="light" color="red" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (mine.data.length === 0) {
    return (
      <Stack align="center" py={60} gap="xs">
        <Title order={2} size="h3">
          No Articles Yet
        </Title>
        <Text c="dimmed">Share your first piece of wisdom with the community.</Text>
      </Stack>
    );
  }
  return (
    <>
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }} aria-label="My articles">
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
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="xl">
        <Title order={1}>My Articles</Title>
        <Button component={Link} to="/articles/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Write New Article
        </Button>
      </Group>
      <MyArticlesList />
    </Container>
  );
}
