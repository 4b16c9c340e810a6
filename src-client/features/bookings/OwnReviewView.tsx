import { Group, Paper, Stack, Text } from "@mantine/core";
import { StarRating } from "../../components/StarRating";
import { useI18n } from "../../lib/i18n";
import type { Consultation } from "./types";

/** The client's own review of a consultation, with the Seer's reply. */
export function OwnReviewView({ consultation: c }: { consultation: Consultation }) {
  const { t } = useI18n();
  if (!c.review) return null;
  return (
    <Stack gap={4} data-testid="own-review">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t("sessions.review.yours")}
        </Text>
        <StarRating value={c.review.rating} />
      </Group>
      {c.review.comment && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {c.review.comment}
        </Text>
      )}
      {c.review.seerReply && (
        <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
          <Text size="xs" fw={600}>
            {t("sessions.review.reply", { name: c.seerName })}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {c.review.seerReply}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
