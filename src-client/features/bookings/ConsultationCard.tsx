import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  IconCalendarEvent,
  IconCalendarRepeat,
  IconClock,
  IconHourglass,
  IconStar,
  IconMessages,
  IconVideo,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { canReschedule } from "../../../src/domain/after-payment";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { hasConversation } from "../../../src/domain/conversations";
import { formatCalendarDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import type { MessageId } from "../../../src/i18n/messages/en";
import { MessagesButton } from "../messages/MessagesButton";
import { CalendarButton } from "./CalendarButton";
import { CancelBookingDialog } from "./CancelBookingDialog";
import { OwnReviewView } from "./OwnReviewView";
import { ProposalNotice } from "./ProposalNotice";
import { RefundLine } from "./RefundLine";
import { RescheduleDialog } from "./RescheduleDialog";
import { ReportProblemDialog, ClientDisputeView } from "./ReportProblem";
import { ReviewDialog } from "./ReviewDialog";
import type { Consultation } from "./types";

function MeetingRoomLink({ consultation }: { consultation: Consultation }) {
  const { t } = useI18n();
  const link = consultation.meetingLink;
  if (!link) return null;
  const label = t("sessions.join");
  if (link === `/meeting/${consultation.id}`) {
    return (
      <Button
        renderRoot={(props) => <Link {...props} to="/meeting/$bookingId" params={{ bookingId: consultation.id }} />}
        leftSection={<IconVideo size={18} aria-hidden />}
        size="sm"
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={<IconVideo size={18} aria-hidden />}
      size="sm"
    >
      {label}
    </Button>
  );
}

type BadgeSpec = { label: MessageId | null; color: string };

/** docs/product.md#profile: the badge of each state; a confirmed booking that was moved says so. */
function statusBadge(c: Consultation, past: boolean): BadgeSpec {
  switch (c.status) {
    case "pending":
      return { label: "sessions.status.pending", color: "ochre" };
    case "cancelled":
      return { label: "sessions.status.cancelled", color: "red" };
    case "completed":
      return { label: "sessions.status.completed", color: "gray" };
    case "no_show":
      return { label: "sessions.status.noShow", color: "gray" };
    case "seer_no_show":
      return { label: "sessions.status.seerNoShow", color: "red" };
    case "confirmed":
      if (past) return { label: "sessions.status.ended", color: "gray" };
      return c.calendarSequence > 0
        ? { label: "sessions.status.rescheduled", color: "forest" }
        : { label: "sessions.status.confirmed", color: "forest" };
    default:
      // A state this screen does not know yet: its name as the server gives it.
      return { label: null, color: "gray" };
  }
}

type Dialog = "cancel" | "reschedule" | "review" | "report" | null;

/** One of the client's consultations on /profile, with what they may do with it now. */
export function ConsultationCard({ consultation, past }: { consultation: Consultation; past: boolean }) {
  const { t } = useI18n();
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = new Date();
  const badge = statusBadge(consultation, past);
  const changeable = consultation.status === "confirmed" && new Date(consultation.startsAt).getTime() > now.getTime();
  const movable = changeable && canReschedule(new Date(consultation.startsAt), now);
  const reviewable =
    consultation.status === "completed" &&
    (!consultation.review || new Date(consultation.review.editableUntil).getTime() > now.getTime());
  // The server says whether a problem may be reported; the hold's end is checked here too, so a card left open refuses.
  const reportable =
    consultation.canReport && !!consultation.reportableUntil && new Date(consultation.reportableUntil).getTime() > now.getTime();
  return (
    <Card withBorder radius="md" padding="lg" component="li" data-testid="consultation">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t("sessions.with")}
            </Text>
            <Title order={3} fz="h4" style={{ overflowWrap: "anywhere" }}>
              {consultation.seerName}
            </Title>
          </div>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label ? t(badge.label) : consultation.status}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={18} aria-hidden />
            <Text size="sm">{formatCalendarDate(consultation.scheduledDate, "weekdayShort")}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconClock size={18} aria-hidden />
            <Text size="sm">
              {consultation.scheduledTime}{" "}
              <Text span c="dimmed" size="xs">
                ({consultation.clientTimezone})
              </Text>
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconHourglass size={18} aria-hidden />
            <Text size="sm">{t("booking.minutes", { minutes: SESSION_MINUTES[consultation.sessionType] })}</Text>
          </Group>
        </SimpleGrid>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text size="sm" fw={600}>
            {formatMoney(consultation.amount)}
          </Text>
          {(consultation.status === "cancelled" || consultation.status === "seer_no_show") && (
            <RefundLine consultation={consultation} />
          )}
          {!past && <MeetingRoomLink consultation={consultation} />}
          {hasConversation(consultation.status) && <MessagesButton bookingId={consultation.id} />}
          {(consultation.status === "completed" ||
            consultation.status === "no_show" ||
            consultation.status === "seer_no_show") && (
            <Button
              renderRoot={(props) => <Link {...props} to="/meeting/$bookingId" params={{ bookingId: consultation.id }} />}
              leftSection={<IconMessages size={16} aria-hidden />}
              size="xs"
              variant="subtle"
            >
              {t("sessions.chat")}
            </Button>
          )}
        </Group>
        {changeable && <ProposalNotice consultation={consultation} />}
        <OwnReviewView consultation={consultation} />
        {consultation.dispute && <ClientDisputeView dispute={consultation.dispute} />}
        {(changeable || reviewable || reportable) && (
          <Group gap="xs" data-testid="consultation-actions">
            {movable && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarRepeat size={16} aria-hidden />}
                onClick={() => setDialog("reschedule")}
              >
                {t("sessions.reschedule")}
              </Button>
            )}
            {changeable && <CalendarButton bookingId={consultation.id} size="xs" />}
            {changeable && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("cancel")}>
                {t("sessions.cancelBooking")}
              </Button>
            )}
            {reviewable && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconStar size={16} aria-hidden />}
                onClick={() => setDialog("review")}
              >
                {consultation.review ? t("sessions.editReview") : t("sessions.writeReview")}
              </Button>
            )}
            {reportable && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("report")}>
                {t("sessions.report")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {changeable && (
        <CancelBookingDialog
          bookingId={consultation.id}
          opened={dialog === "cancel"}
          onClose={() => setDialog(null)}
          audience="client"
        />
      )}
      {movable && (
        <RescheduleDialog
          booking={consultation}
          timeZone={consultation.clientTimezone}
          opened={dialog === "reschedule"}
          onClose={() => setDialog(null)}
          mode="client"
        />
      )}
      {reportable && dialog === "report" && <ReportProblemDialog bookingId={consultation.id} onClose={() => setDialog(null)} />}
      {reviewable && dialog === "review" && (
        <ReviewDialog
          bookingId={consultation.id}
          seerName={consultation.seerName}
          opened
          onClose={() => setDialog(null)}
          initial={consultation.review}
        />
      )}
    </Card>
  );
}
