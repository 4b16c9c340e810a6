import {
  Autocomplete,
  Button,
  Container,
  Group,
  Input,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm, type GetInputPropsReturnType } from "@mantine/form";
import { lazy, Suspense } from "react";
import type { ContentEditorProps } from "./ContentEditor";
import { Link, useNavigate } from "@tanstack/react-router";
import { ARTICLE_NOT_FOUND } from "../../../src/domain/articles";
import {
  ARTICLE_TAGS_MAX,
  articleFormSchema,
  emptyArticleForm,
  toArticleForm,
  toArticleInput,
  type ArticleFormValues,
} from "../../../src/schemas/articles";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { inPageLanguage } from "../../lib/validation";

/** The rich-text editor comes in its own chunk: tiptap is loaded by authors only, never by readers. */
const ContentEditor = lazy(() => import("./ContentEditor"));

/** While the editor loads: its label and a block of its size, so that nothing below moves. */
function ContentEditorPlaceholder() {
  return (
    <Input.Wrapper label="Content" required labelElement="div">
      <Skeleton mt={4} h={330} radius="sm" aria-label="Loading the editor" />
    </Input.Wrapper>
  );
}

/** Mantine's uncontrolled input props, narrowed to what the editor takes. */
function contentProps(props: GetInputPropsReturnType): Omit<ContentEditorProps, "label" | "description" | "required"> {
  const onChange: unknown = props.onChange;
  const onBlur: unknown = props.onBlur;
  const defaultValue: unknown = props.defaultValue;
  const error: unknown = props.error;
  return {
    defaultValue: typeof defaultValue === "string" ? defaultValue : "",
    error: typeof error === "string" ? error : undefined,
    onChange: (html) => {
      if (typeof onChange === "function") onChange(html);
    },
    onBlur: () => {
      if (typeof onBlur === "function") onBlur();
    },
  };
}

interface ArticleFormProps {
  initialValues: ArticleFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ArticleFormValues) => void;
}

/** docs/product.md#validation's article form: the same zod schema as the procedure, tags as pills. */
export function ArticleForm({ initialValues, submitLabel, pending, onSubmit }: ArticleFormProps) {
  const form = useForm<ArticleFormValues>({
    mode: "uncontrolled",
    initialValues,
    validate: inPageLanguage(schemaResolver(articleFormSchema, { sync: true })),
  });
  const categories = trpc.articles.categories.useQuery();
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput label="Title" required maxLength={255} key={form.key("title")} {...form.getInputProps("title")} />
        <Autocomplete
          label="Category"
          required
          maxLength={100}
          placeholder="e.g. Ancestral Wisdom"
          data={categories.data ?? []}
          key={form.key("category")}
          {...form.getInputProps("category")}
        />
        <Textarea
          label="Excerpt"
          description="Optional. A short summary shown on the article card."
          rows={2}
          resize="vertical"
          key={form.key("excerpt")}
          {...form.getInputProps("excerpt")}
        />
        <Suspense fallback={<ContentEditorPlaceholder />}>
          <ContentEditor
            label="Content"
            description="At least 50 characters. Headings, emphasis, lists, quotes and links are kept; anything else is removed."
            required
            key={form.key("content")}
            {...contentProps(form.getInputProps("content"))}
          />
        </Suspense>
        <TagsInput
          label="Tags"
          description="Type a tag and press Enter or a comma, e.g. ancestors, libation"
          maxTags={ARTICLE_TAGS_MAX}
          clearable
          key={form.key("tags")}
          {...form.getInputProps("tags")}
        />
        <TextInput
          label="Featured Image URL"
          type="url"
          placeholder="https://..."
          key={form.key("featuredImageUrl")}
          {...form.getInputProps("featuredImageUrl")}
        />
        <TextInput
          label="Video URL"
          type="url"
          description="YouTube and Vimeo videos play in the article; other links are shown as a link."
          placeholder="https://www.youtube.com/watch?v=..."
          key={form.key("videoUrl")}
          {...form.getInputProps("videoUrl")}
        />
        <Switch
          label="Publish this article"
          description="Drafts are visible to you alone."
          key={form.key("isPublished")}
          {...form.getInputProps("isPublished", { type: "checkbox" })}
        />
        <Group justify="flex-end">
          <Button component={Link} to="/my-articles" variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After a save: a published article opens, a draft goes back to the author's list. */
function useAfterSave() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return async (article: { slug: string; isPublished: boolean }) => {
    await utils.articles.invalidate();
    if (article.isPublished) await navigate({ to: "/wisdom/$slug", params: { slug: article.slug } });
    else await navigate({ to: "/my-articles" });
  };
}

const saveFailed = (error: { message: string }) =>
  notify({ title: error.message || messages.saveArticleFailed.title }, "destructive");

function EditorFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        {children}
      </Paper>
    </Container>
  );
}

/** /articles/new, for signed-in authors (routes/articles/new.tsx). */
export function NewArticlePage() {
  const afterSave = useAfterSave();
  const create = trpc.articles.create.useMutation({ onSuccess: afterSave, onError: saveFailed });
  return (
    <EditorFrame title="Write New Article">
      <ArticleForm
        initialValues={emptyArticleForm}
        submitLabel="Save Article"
        pending={create.isPending}
        onSubmit={(values) => create.mutate(toArticleInput(values))}
      />
    </EditorFrame>
  );
}

/** /articles/edit/{id}, for signed-in authors (routes/articles/edit/$id.tsx). */
export function EditArticlePage({ id }: { id: string }) {
  const afterSave = useAfterSave();
  const article = trpc.articles.forEdit.useQuery({ id });
  const update = trpc.articles.update.useMutation({ onSuccess: afterSave, onError: saveFailed });
  if (article.isPending) {
    return (
      <Group justify="center" py={80}>
        <Loader aria-label="Loading article" />
      </Group>
    );
  }
  if (article.isError) {
    const notFound = article.error.data?.code === "NOT_FOUND";
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center">
          <Title order={1}>{notFound ? ARTICLE_NOT_FOUND : "Could not load the article"}</Title>
          <Text c="dimmed">{notFound ? "This article doesn't exist or you can't edit it." : "Please try again."}</Text>
          <Button component={Link} to="/my-articles">
            Back to My Articles
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <EditorFrame title="Edit Article">
      <ArticleForm
        initialValues={toArticleForm(article.data)}
        submitLabel="Update Article"
        pending={update.isPending}
        onSubmit={(values) => update.mutate({ id, ...toArticleInput(values) })}
      />
    </EditorFrame>
  );
}
