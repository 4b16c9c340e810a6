import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useI18n } from "../lib/i18n";

/**
 * An answer a person gives once, behind a button: a Seer's reply to a review, a Seer's answer to a reported problem.
 * The button opens a text box with its send and `Back` buttons; `onSend` gets the text and a way to close the box
 * (once the answer is taken).
 */
export function AnswerOnce({
  label,
  description,
  openLabel,
  sendLabel,
  pending,
  error,
  onSend,
}: {
  label: string;
  description: string;
  openLabel: string;
  sendLabel: string;
  pending: boolean;
  error: string | null;
  onSend: (text: string, close: () => void) => void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  if (!open) {
    return (
      <Group>
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {openLabel}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        description={description}
        rows={3}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="xs" onClick={() => onSend(text, () => setOpen(false))} loading={pending}>
          {sendLabel}
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)} disabled={pending}>
          {t("components.back")}
        </Button>
      </Group>
    </Stack>
  );
}
