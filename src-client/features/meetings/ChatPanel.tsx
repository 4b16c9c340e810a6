import { useEffect, useRef, useState } from "react";
import { ActionIcon, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { CHAT_MESSAGE_MAX, type ChatMessage, type MeetingRole } from "../../../src/domain/meetings";
import { intlLocale } from "../../../src/i18n/format-locale";
import { useI18n } from "../../lib/i18n";

/** When a message was sent, in the browser's timezone and the page's language ("10:01 AM", "10:01"). */
const time = (iso: string) => new Date(iso).toLocaleTimeString(intlLocale(), { hour: "2-digit", minute: "2-digit" });

/** The room's chat: plain text (React never reads it as HTML), oldest first; writing only while in the call. */
export function ChatPanel({
  messages,
  me,
  onSend,
  failed,
}: {
  messages: ChatMessage[];
  me: MeetingRole | "admin";
  /** Absent: the transcript only (after the session, or for an admin). */
  onSend?: (text: string) => boolean;
  failed?: boolean;
}) {
  const { t } = useI18n();
  const [text, setText] = useState("");
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed || !onSend) return;
    if (onSend(trimmed)) setText("");
  };

  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4">
          {t("meetingCall.chat")}
        </Title>
        <ScrollArea.Autosize mah={360} viewportRef={viewport} type="auto">
          <Stack gap="xs" role="log" aria-label={t("meetingCall.chatMessages")} aria-live="polite">
            {messages.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("meetingCall.noMessages")}
              </Text>
            )}
            {messages.map((m) => (
              <div key={m.id} data-testid="chat-message">
                <Text size="xs" c="dimmed">
                  {m.senderRole === me ? t("meetingCall.you") : m.senderName} · {time(m.sentAt)}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {m.text}
                </Text>
                {/* An image sent in the booking's conversation (issue #43), opened full size in a new tab. */}
                {m.imageUrl && (
                  <a href={m.imageUrl} target="_blank" rel="noopener noreferrer">
                    <img
                      src={m.imageUrl}
                      alt={m.senderRole === me ? t("meetingCall.sentByYou") : t("meetingCall.sentBy", { name: m.senderName })}
                      style={{ display: "block", maxWidth: "100%", maxHeight: 160, borderRadius: 4 }}
                    />
                  </a>
                )}
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {onSend && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Textarea
                aria-label={t("meetingCall.message")}
                placeholder={t("meetingCall.writeMessage")}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && !e.shiftKey) {
                    e.preventDefault();
                    submit();
                  }
                }}
                maxLength={CHAT_MESSAGE_MAX}
                autosize
                minRows={1}
                maxRows={4}
                style={{ flex: 1 }}
                error={failed ? t("meetingCall.notSent") : undefined}
              />
              <ActionIcon type="submit" size="lg" aria-label={t("meetingCall.send")} disabled={!text.trim()}>
                <IconSend size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
