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
  const path = inAppPath(link);
  const icon = <IconVideo size={16} aria-hidden />;
  if (path) {
    return (
      <Button component={Link} to={path} leftSection={icon}>
        Join Meeting Room
      </Button>
    );
  }
  return (
    <Button component="a" href={link} target="_blank" rel="noopener noreferrer" leftSection={icon}>
      Join Meeting Room
    </Button>
  );
}

function ReviewReply({ session }: { session: DashboardSession }) {
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const post = trpc.bookings.replyToReview.useMutation();
  const review = session.review;
  if (!review) {
    return (
      <Text size="sm" c="dimmed">
        No review yet.
      </Text>
    );
  }
  const submit = (reply: string, close: () => void) => {
    const parsed = reviewReplySchema.safeParse({ bookingId: session.id, reply });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Write a reply");
      return;
    }
    setError(null);
    post.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: "Reply Posted", message: "Your reply is shown under the review on your profile." }, "success");
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
          Client review
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
            Your reply
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {review.seerReply}
          </Text>
        </Paper>
      ) : (
        <AnswerOnce
          label="Your public reply"
          description="Shown under the review on your profile. You can reply once."
          openLabel="Reply"
          sendLabel="Post Reply"
          pending={post.isPending}
          error={error}
          onSend={submit}
        />
      )}
    </Stack>
  );
}

const pastBadge: Record<string, { label: string; color: string }> = {
  completed: { label: "Completed", color: "forest" },
  no_show: { label: "No-show", color: "gray" },
  seer_no_show: { label: "Missed", color: "red" },
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
  const badge = past
    ? (pastBadge[session.status] ?? { label: "Ended", color: "gray" })
    : session.calendarSequence > 0
      ? { label: "Rescheduled", color: "forest" }
      : { label: "Confirmed", color: "blue" };
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`${SESSION_MINUTES[session.sessionType]} Minute Session on ${formatCalendarDate(session.seerDate)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {SESSION_MINUTES[session.sessionType]} Minute Session
          </Title>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        <Group gap="lg">
          <Group gap={6}>
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">{formatCalendarDate(session.seerDate)}</Text>
          </Group>
          <Group gap={6}>
            <IconClock size={16} aria-hidden />
            <Text size="sm">
              {session.seerTime} ({timezoneLabel(timezone)})
            </Text>
          </Group>
        </Group>
        <Text size="sm">
          Client: <strong>{session.clientName}</strong>
        </Text>
        <Text size="sm">
          Your earnings: <strong>{formatMoney(session.seerEarnings)}</strong>
        </Text>
        {session.notes && (
          <Text size="sm" c="dimmed">
            Client notes: {session.notes}
          </Text>
        )}
        {!past && session.proposedStartsAt && (
          <Text size="sm" c="ochre.9" data-testid="proposed-time">
            Proposed: {formatInZone(new Date(session.proposedStartsAt), timezone, t)}
          </Text>
        )}
        {past && session.status === "completed" && <ReviewReply session={session} />}
        {session.status === "seer_no_show" && (
          <Text size="sm" c="red.9" data-testid="seer-no-show">
            You did not join this session and the client did, so by our Terms the client was refunded in full and the
            session earns you nothing.
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
              Propose New Time
            </Button>
            <Button variant="subtle" color="red" onClick={() => setDialog("cancel")}>
              Cancel Session
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
