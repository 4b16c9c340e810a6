import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconArrowLeft, IconPhoto, IconSend } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { CHAT_MESSAGE_MAX, type ChatMessage, type MeetingRole } from "../../../src/domain/meetings";
import { CONVERSATION_OPEN_DAYS } from "../../../src/domain/conversations";
import { intlLocale } from "../../../src/i18n/format-locale";
import { formatCalendarDate, formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { uploadFile, UploadError } from "../../lib/upload";
import { notifyActionError } from "../../lib/actionError";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

/** When a message was sent, in the browser's timezone and the page's language ("10:01 AM", "10:01"). */
const time = (iso: string) => new Date(iso).toLocaleTimeString(intlLocale(), { hour: "2-digit", minute: "2-digit" });

/** `Report` under the other person's message (issue #43): once sent, our team may read the conversation. */
function ReportMessage({ messageId }: { messageId: string }) {
  const { t } = useI18n();
  const report = trpc.messages.report.useMutation();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="gray"
      disabled={report.isSuccess}
      loading={report.isPending}
      onClick={() =>
        report.mutate(
          { messageId, reason: "" },
          {
            onSuccess: () => notify({ title: t("messages.reportedTitle"), message: t("messages.reportedText") }, "success"),
            onError: notifyActionError,
          },
        )
      }
    >
      {report.isSuccess ? t("messages.reported") : t("messages.report")}
    </Button>
  );
}

/** One message: plain text (React never reads it as HTML) and perhaps an image. */
function MessageItem({ message, me }: { message: ChatMessage; me: MeetingRole | "admin" }) {
  const { t } = useI18n();
  const mine = message.senderRole === me;
  const who = mine ? t("messages.you") : message.senderName;
  return (
    <Paper
      data-testid="thread-message"
      p="xs"
      radius="md"
      withBorder
      maw="85%"
      style={{ alignSelf: mine ? "flex-end" : "flex-start" }}
      bg={mine ? "var(--mantine-color-ochre-0, #fdf6e3)" : undefined}
    >
      <Text size="xs" c="dimmed">
        {who} · {formatDate(message.sentAt, "short")} {time(message.sentAt)}
      </Text>
      {message.text && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.text}
        </Text>
      )}
      {message.imageUrl && (
        <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
          <img
            src={message.imageUrl}
            alt={mine ? t("messages.sentByYou") : t("messages.sentBy", { name: who })}
            style={{ display: "block", maxWidth: "100%", maxHeight: 240, marginTop: 4, borderRadius: 4 }}
          />
        </a>
      )}
      {!mine && me !== "admin" && <ReportMessage messageId={message.id} />}
    </Paper>
  );
}

/** The form under the thread: a real form (Enter sends, Shift+Enter breaks the line); what was typed stays on failure. */
function MessageForm({ bookingId }: { bookingId: string }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const send = trpc.messages.send.useMutation();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const trimmed = text.trim();
    if (!trimmed && !file) {
      setError(t("messages.empty"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const imageUrl = file ? await uploadFile("/api/upload/message-image", "image", file, () => {}).done : undefined;
      const message = await send.mutateAsync({ bookingId, text: trimmed, ...(imageUrl ? { imageUrl } : {}) });
      utils.messages.thread.setData({ bookingId }, (thread) =>
        thread && !thread.messages.some((m) => m.id === message.id)
          ? { ...thread, messages: [...thread.messages, message] }
          : thread,
      );
      void utils.messages.inbox.invalidate();
      setText("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (caught) {
      setError(caught instanceof UploadError ? caught.detail : caught instanceof Error ? caught.message : t("messages.notSent"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t("messages.write")} method="post">
      <Stack gap="xs">
        <Textarea
          name="text"
          label={t("messages.message")}
          placeholder={t("messages.write")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          maxLength={CHAT_MESSAGE_MAX}
          rows={3}
          error={error ?? undefined}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Button
            component="label"
            variant="subtle"
            size="xs"
            leftSection={<IconPhoto size={16} aria-hidden />}
            style={{ cursor: "pointer" }}
          >
            {file ? file.name : t("messages.addImage")}
            <input
              ref={fileInput}
              type="file"
              name="image"
              accept="image/jpeg,image/png"
              aria-label={t("messages.addImageLabel")}
              style={{ position: "absolute", width: 1, height: 1, opacity: 0, overflow: "hidden" }}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} aria-hidden />}>
            {t("messages.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/messages/:bookingId`: a booking's conversation (docs/product.md#messages). */
export function Thread({ bookingId }: { bookingId: string }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const thread = trpc.messages.thread.useQuery({ bookingId });
  const markRead = trpc.messages.markRead.useMutation({
    onSuccess: () => {
      void utils.messages.unread.invalidate();
      void utils.messages.inbox.invalidate();
    },
  });
  const data = thread.data;
  const lastId = data?.messages.at(-1)?.id;
  const party = data && data.viewer !== "admin";
  const { mutate } = markRead;
  useEffect(() => {
    if (party) mutate({ bookingId });
  }, [party, lastId, bookingId, mutate]);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [lastId]);

  if (thread.isPending) return <Loader aria-label={t("messages.loading")} m="xl" />;
  if (thread.isError || !data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={t("messages.notFound")}>
          {thread.error?.message ?? t("messages.noAccess")}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="sm" py="lg" px="sm">
      <Stack gap="md">
        <Anchor component={Link} to="/messages" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {t("messages.all")}
          </Group>
        </Anchor>
        <div>
          <Title order={1} size="h3" style={{ overflowWrap: "anywhere" }}>
            {t("messages.with", { name: data.peerName })}
          </Title>
          <Text size="sm" c="dimmed">
            {t("messages.sessionInZone", {
              date: formatCalendarDate(data.scheduledDate, "weekdayShort"),
              time: data.scheduledTime,
              zone: data.clientTimezone,
            })}
          </Text>
        </div>
        <Stack gap="xs" role="log" aria-label={t("messages.title")} aria-live="polite">
          {data.messages.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("messages.none")}
            </Text>
          )}
          {data.messages.map((m) => (
            <MessageItem key={m.id} message={m} me={data.viewer} />
          ))}
          <div ref={end} />
        </Stack>
        {data.viewer === "admin" ? (
          <Text size="sm" c="dimmed">
            {t("messages.adminOnly")}
          </Text>
        ) : data.state === "open" ? (
          <MessageForm bookingId={bookingId} />
        ) : (
          <Alert color="gray" role="status">
            {data.state === "closed" ? t("messages.closed", { days: CONVERSATION_OPEN_DAYS }) : t("messages.notYet")}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
