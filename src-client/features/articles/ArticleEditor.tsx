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
import {
  ARTICLE_TAGS_MAX,
  articleFormSchema,
  emptyArticleForm,
  toArticleForm,
  toArticleInput,
  type ArticleFormValues,
} from "../../../src/schemas/articles";
import { useI18n } from "../../lib/i18n";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { inPageLanguage } from "../../lib/validation";

/** The rich-text editor comes in its own chunk: tiptap is loaded by authors only, never by readers. */
const ContentEditor = lazy(() => import("./ContentEditor"));

/** While the editor loads: its label and a block of its size, so that nothing below moves. */
function ContentEditorPlaceholder() {
  const { t } = useI18n();
  return (
    <Input.Wrapper label={t("articles.field.content")} required labelElement="div">
      <Skeleton mt={4} h={330} radius="sm" aria-label={t("articles.field.contentLoading")} />
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
  const { t } = useI18n();
  const form = useForm<ArticleFormValues>({
    mode: "uncontrolled",
    initialValues,
    validate: inPageLanguage(schemaResolver(articleFormSchema, { sync: true }), t),
  });
  const categories = trpc.articles.categories.useQuery();
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t("articles.field.title")}
          required
          maxLength={255}
          key={form.key("title")}
          {...form.getInputProps("title")}
        />
        <Autocomplete
          label={t("articles.field.category")}
          required
          maxLength={100}
          placeholder={t("articles.field.categoryPlaceholder")}
          data={categories.data ?? []}
          key={form.key("category")}
          {...form.getInputProps("category")}
        />
        <Textarea
          label={t("articles.field.excerpt")}
          description={t("articles.field.excerptHelp")}
          rows={2}
          resize="vertical"
          key={form.key("excerpt")}
          {...form.getInputProps("excerpt")}
        />
        <Suspense fallback={<ContentEditorPlaceholder />}>
          <ContentEditor
            label={t("articles.field.content")}
            description={t("articles.field.contentHelp")}
            required
            key={form.key("content")}
            {...contentProps(form.getInputProps("content"))}
          />
        </Suspense>
        <TagsInput
          label={t("articles.field.tags")}
          description={t("articles.field.tagsHelp")}
          maxTags={ARTICLE_TAGS_MAX}
          clearable
          key={form.key("tags")}
          {...form.getInputProps("tags")}
        />
        <TextInput
          label={t("articles.field.image")}
          type="url"
          placeholder="https://..."
          key={form.key("featuredImageUrl")}
          {...form.getInputProps("featuredImageUrl")}
        />
        <TextInput
          label={t("articles.field.video")}
          type="url"
          description={t("articles.field.videoHelp")}
          placeholder="https://www.youtube.com/watch?v=..."
          key={form.key("videoUrl")}
          {...form.getInputProps("videoUrl")}
        />
        <Switch
          label={t("articles.field.publish")}
          description={t("articles.field.publishHelp")}
          key={form.key("isPublished")}
          {...form.getInputProps("isPublished", { type: "checkbox" })}
        />
        <Group justify="flex-end">
          <Button component={Link} to="/my-articles" variant="default">
            {t("articles.editor.cancel")}
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

/** The server's reason as it comes (English until its answers are translated), else ours in the page's language. */
const saveFailed = (error: { message: string }) =>
  notify(error.message ? { title: error.message } : messages.saveArticleFailed, "destructive");

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
  const { t } = useI18n();
  return (
    <EditorFrame title={t("articles.editor.newTitle")}>
      <ArticleForm
        initialValues={emptyArticleForm}
        submitLabel={t("articles.editor.save")}
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
  const { t } = useI18n();
  if (article.isPending) {
    return (
      <Group justify="center" py={80}>
        <Loader aria-label={t("articles.editor.loading")} />
      </Group>
    );
  }
  if (article.isError) {
    const notFound = article.error.data?.code === "NOT_FOUND";
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center">
          <Title order={1}>{t(notFound ? "articles.editor.notFound" : "articles.editor.loadFailed")}</Title>
          <Text c="dimmed">{t(notFound ? "articles.editor.notFoundText" : "articles.editor.loadFailedText")}</Text>
          <Button component={Link} to="/my-articles">
            {t("articles.editor.back")}
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <EditorFrame title={t("articles.editor.editTitle")}>
      <ArticleForm
        initialValues={toArticleForm(article.data)}
        submitLabel={t("articles.editor.update")}
        pending={update.isPending}
        onSubmit={(values) => update.mutate({ id, ...toArticleInput(values) })}
      />
    </EditorFrame>
  );
}
