import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCalendar, IconCalendarRepeat, IconClock, IconVideo } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { reviewReplySchema } from "../../../src/schemas/bookings";
import { AnswerOnce } from "../../components/AnswerOnce";
import { StarRating } from "../../components/StarRating";
import { formatCalendarDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import type { MessageId } from "../../../src/i18n/messages/en";
import { trpc } from "../../trpc";
import { CancelBookingDialog } from "../bookings/CancelBookingDialog";
import { RescheduleDialog, formatInZone } from "../bookings/RescheduleDialog";
import { notifyActionError } from "../../lib/actionError";
import { hasConversation } from "../../../src/domain/conversations";
import { MessagesButton } from "../messages/MessagesButton";
import { SeerDisputeAnswer } from "../bookings/ReportProblem";
import { timezoneLabel } from "./format";
import type { DashboardSession } from "./types";

/** A same-origin link is a path inside this app; anything else is another site. */
function inAppPath(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

function JoinMeeting({ link }: { link: string }) {
  const { t } = useI18n();
  const path = inAppPath(link);
  const icon = <IconVideo size={16} aria-hidden />;
  if (path) {
    return (
      <Button component={Link} to={path} leftSection={icon}>
        {t("dashboard.session.join")}
      </Button>
    );
  }
  return (
    <Button component="a" href={link} target="_blank" rel="noopener noreferrer" leftSection={icon}>
      {t("dashboard.session.join")}
    </Button>
  );
}

function ReviewReply({ session }: { session: DashboardSession }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const post = trpc.bookings.replyToReview.useMutation();
  const review = session.review;
  if (!review) {
    return (
      <Text size="sm" c="dimmed">
        {t("dashboard.review.none")}
      </Text>
    );
  }
  const submit = (reply: string, close: () => void) => {
    const parsed = reviewReplySchema.safeParse({ bookingId: session.id, reply });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("dashboard.review.writeReply"));
      return;
    }
    setError(null);
    post.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t("dashboard.review.posted"), message: t("dashboard.review.postedMessage") }, "success");
        close();
        void utils.bookings.seerSessions.invalidate();
      },
      onError: notifyActionError,
    });
  };
  return (
    <Stack gap={6} data-testid="session-review">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t("dashboard.review.client")}
        </Text>
        <StarRating value={review.rating} />
      </Group>
      {review.comment && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {review.comment}
        </Text>
      )}
      {review.seerReply ? (
        <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
          <Text size="xs" fw={600}>
            {t("dashboard.review.yourReply")}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {review.seerReply}
          </Text>
        </Paper>
      ) : (
        <AnswerOnce
          label={t("dashboard.review.replyLabel")}
          description={t("dashboard.review.replyDescription")}
          openLabel={t("dashboard.review.reply")}
          sendLabel={t("dashboard.review.post")}
          pending={post.isPending}
          error={error}
          onSend={submit}
        />
      )}
    </Stack>
  );
}

const pastBadge: Record<string, { label: MessageId; color: string }> = {
  completed: { label: "dashboard.session.completed", color: "forest" },
  no_show: { label: "dashboard.session.noShow", color: "gray" },
  seer_no_show: { label: "dashboard.session.missed", color: "red" },
};

/** One session as its Seer sees it: docs/product.md#seer-dashboard upcoming and past cards, with their actions. */
export function SessionCard({
  session,
  seerId,
  timezone,
  past,
}: {
  session: DashboardSession;
  seerId: string;
  timezone: string;
  past: boolean;
}) {
  const { t } = useI18n();
  const [dialog, setDialog] = useState<"cancel" | "propose" | null>(null);
  const minutes = SESSION_MINUTES[session.sessionType];
  const badge: { label: MessageId; color: string } = past
    ? (pastBadge[session.status] ?? { label: "dashboard.session.ended", color: "gray" })
    : session.calendarSequence > 0
      ? { label: "dashboard.session.rescheduled", color: "forest" }
      : { label: "dashboard.session.confirmed", color: "blue" };
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={t("dashboard.session.label", { minutes, date: formatCalendarDate(session.seerDate) })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {t("dashboard.session.title", { minutes })}
          </Title>
          <Badge color={badge.color} variant="light">
            {t(badge.label)}
          </Badge>
        </Group>
        <Group gap="lg">
          <Group gap={6}>
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">{formatCalendarDate(session.seerDate)}</Text>
          </Group>
          <Group gap={6}>
            <IconClock size={16} aria-hidden />
            <Text size="sm">{t("dashboard.session.time", { time: session.seerTime, zone: timezoneLabel(timezone) })}</Text>
          </Group>
        </Group>
        <Text size="sm">
          {t("dashboard.session.client")} <strong>{session.clientName}</strong>
        </Text>
        <Text size="sm">
          {t("dashboard.session.earnings")} <strong>{formatMoney(session.seerEarnings)}</strong>
        </Text>
        {session.notes && (
          <Text size="sm" c="dimmed">
            {t("dashboard.session.notes", { notes: session.notes })}
          </Text>
        )}
        {!past && session.proposedStartsAt && (
          <Text size="sm" c="ochre.9" data-testid="proposed-time">
            {t("dashboard.session.proposed", { time: formatInZone(new Date(session.proposedStartsAt), timezone, t) })}
          </Text>
        )}
        {past && session.status === "completed" && <ReviewReply session={session} />}
        {session.status === "seer_no_show" && (
          <Text size="sm" c="red.9" data-testid="seer-no-show">
            {t("dashboard.session.seerNoShow")}
          </Text>
        )}
        {session.dispute && <SeerDisputeAnswer bookingId={session.id} dispute={session.dispute} />}
        {hasConversation(session.status) && (
          <Group gap="xs">
            <MessagesButton bookingId={session.id} />
          </Group>
        )}
        {!past && (
          <Group gap="xs">
            {session.consultationLink && <JoinMeeting link={session.consultationLink} />}
            <Button
              variant="light"
              leftSection={<IconCalendarRepeat size={16} aria-hidden />}
              onClick={() => setDialog("propose")}
            >
              {t("dashboard.session.propose")}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setDialog("cancel")}>
              {t("dashboard.session.cancel")}
            </Button>
          </Group>
        )}
      </Stack>
      {!past && (
        <>
          <CancelBookingDialog
            bookingId={session.id}
            opened={dialog === "cancel"}
            onClose={() => setDialog(null)}
            audience="seer"
          />
          <RescheduleDialog
            booking={{ id: session.id, seerId, sessionType: session.sessionType, startsAt: new Date(session.startsAt) }}
            timeZone={timezone}
            opened={dialog === "propose"}
            onClose={() => setDialog(null)}
            mode="seer"
          />
        </>
      )}
    </Card>
  );
}
