import { ActionIcon, Button, Group, Input, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { useState } from "react";
import { REVIEW_COMMENT_MAX } from "../../../src/domain/after-payment";
import { withThousands } from "../../../src/domain/money";
import { reviewSchema } from "../../../src/schemas/bookings";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { notifyActionError } from "../../lib/actionError";

/** Five stars as a radio group: arrow keys move, each star says how many it gives. */
function StarPicker({ value, onChange, labelledBy }: { value: number; onChange: (v: number) => void; labelledBy: string }) {
  const { t } = useI18n();
  const stars = [1, 2, 3, 4, 5];
  const focusable = value || 1;
  return (
    <Group
      gap={4}
      role="radiogroup"
      aria-labelledby={labelledBy}
      onKeyDown={(e) => {
        const step = e.key === "ArrowRight" || e.key === "ArrowUp" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowDown" ? -1 : 0;
        if (!step) return;
        e.preventDefault();
        const next = Math.min(5, Math.max(1, (value || 0) + step));
        onChange(next);
        e.currentTarget.querySelector<HTMLElement>(`[data-star="${next}"]`)?.focus();
      }}
    >
      {stars.map((star) => (
        <ActionIcon
          key={star}
          role="radio"
          aria-checked={value === star}
          aria-label={t("sessions.review.stars", { count: star })}
          tabIndex={star === focusable ? 0 : -1}
          data-star={star}
          variant="subtle"
          color="ochre"
          size="xl"
          onClick={() => onChange(star)}
        >
          {star <= value ? <IconStarFilled size={28} aria-hidden /> : <IconStar size={28} aria-hidden />}
        </ActionIcon>
      ))}
    </Group>
  );
}

/**
 * The client's review of a completed session: 1 to 5 stars and an optional comment of up to 2,000 characters,
 * checked by the server's own schema before sending; the same dialog edits it during its 7 days.
 */
export function ReviewDialog({
  bookingId,
  seerName,
  opened,
  onClose,
  initial,
}: {
  bookingId: string;
  seerName: string;
  opened: boolean;
  onClose: () => void;
  initial: { rating: number; comment: string | null } | null;
}) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [comment, setComment] = useState(initial?.comment ?? "");
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const write = trpc.bookings.writeReview.useMutation();

  const submit = () => {
    const parsed = reviewSchema.safeParse({ bookingId, rating, comment });
    if (!parsed.success) {
      const found: { rating?: string; comment?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "rating" || field === "comment") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    write.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t("sessions.review.saved"), message: t("sessions.review.savedText", { name: seerName }) }, "success");
        void utils.bookings.clientSessions.invalidate();
        void utils.seers.invalidate();
        onClose();
      },
      onError: notifyActionError,
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={initial ? t("sessions.review.editTitle") : t("sessions.writeReview")} centered>
      <Stack gap="md">
        <Text size="sm">{t("sessions.review.question", { name: seerName })}</Text>
        <Input.Wrapper label={t("sessions.review.rating")} required error={errors.rating} labelElement="div" id="review-rating">
          <StarPicker value={rating} onChange={setRating} labelledBy="review-rating-label" />
        </Input.Wrapper>
        <Textarea
          label={t("sessions.review.comment")}
          description={t("sessions.characters", { count: withThousands(comment.length), max: withThousands(REVIEW_COMMENT_MAX) })}
          rows={4}
          value={comment}
          error={errors.comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t("sessions.review.public")}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={write.isPending}>
            {t("booking.back")}
          </Button>
          <Button onClick={submit} loading={write.isPending}>
            {initial ? t("sessions.review.update") : t("sessions.review.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
