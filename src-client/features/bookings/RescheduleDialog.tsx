import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import {
  BOOKABLE_HORIZON_DAYS,
  dateInTimeZone,
  lastBookableDate,
  timeInTimeZone,
  type SessionType,
} from "../../../src/domain/consultations";
import { formatCalendarDate } from "../../lib/format";
import { useI18n, type Translate } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { notifyActionError } from "../../lib/actionError";
import { SlotPicker } from "./SlotPicker";

interface MovableBooking {
  id: string;
  seerId: string;
  sessionType: SessionType;
  startsAt: Date;
  /** The booking's calendar SEQUENCE as shown; a change made meanwhile refuses the move. */
  calendarSequence?: number;
}

/** "Tue, Dec 1, 2026 at 10:00 (Africa/Accra)": an instant on the wall clock of a timezone, in the page's language. */
export function formatInZone(instant: Date, timeZone: string, t: Translate): string {
  return t("sessions.inZone", {
    date: formatCalendarDate(dateInTimeZone(instant, timeZone), "weekdayShort"),
    time: timeInTimeZone(instant, timeZone),
    timeZone,
  });
}

/**
 * Another free slot of the same Seer and session type: the client moves their booking (free until 24 hours before
 * the start), the Seer proposes a time that the client then accepts or declines. Times are on `timeZone`'s clock:
 * the booking's own timezone for the client, the Seer's for the Seer.
 */
export function RescheduleDialog({
  booking,
  timeZone,
  opened,
  onClose,
  mode,
}: {
  booking: MovableBooking;
  timeZone: string;
  opened: boolean;
  onClose: () => void;
  mode: "client" | "seer";
}) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  // On a phone the calendar and the times need the whole screen, with the buttons reachable.
  const phone = useMediaQuery("(max-width: 36em)");
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const reschedule = trpc.bookings.reschedule.useMutation();
  const propose = trpc.bookings.proposeReschedule.useMutation();
  const pending = reschedule.isPending || propose.isPending;
  // The calendar stops at the Seer's own horizon (issue #42); until the profile is read, at the platform's default.
  const seer = trpc.seers.byId.useQuery({ id: booking.seerId }, { enabled: opened });
  const maxDate = lastBookableDate(dateInTimeZone(new Date(), timeZone), seer.data?.horizonDays ?? BOOKABLE_HORIZON_DAYS);

  const close = () => {
    setDate(null);
    setTime(null);
    onClose();
  };
  const done = (toast: { title: string; message: string }) => {
    notify(toast, "success");
    // Every list and figure a booking's change alters is under bookings.
    void utils.bookings.invalidate();
    close();
  };
  const onError = (error: { message: string; data?: { code?: string } | null }) => {
    notifyActionError(error);
    if (error.data?.code === "CONFLICT") {
      setTime(null);
      void utils.bookings.takenSlots.invalidate();
    }
  };

  const submit = () => {
    if (!date || !time) {
      notify({ title: t("booking.selectionRequired"), message: t("booking.selectionRequiredText") }, "destructive");
      return;
    }
    const when = t("sessions.at", { date: formatCalendarDate(date, "weekdayShort"), time });
    if (mode === "client") {
      reschedule.mutate(
        { bookingId: booking.id, scheduledDate: date, scheduledTime: time, sequence: booking.calendarSequence },
        { onSuccess: () => done({ title: t("sessions.move.moved"), message: t("sessions.move.movedText", { when }) }), onError },
      );
    } else {
      propose.mutate(
        { bookingId: booking.id, scheduledDate: date, scheduledTime: time, timezone: timeZone },
        {
          onSuccess: () => done({ title: t("sessions.move.proposed"), message: t("sessions.move.proposedText", { when }) }),
          onError,
        },
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={mode === "client" ? t("sessions.move.clientTitle") : t("sessions.move.seerTitle")}
      size="lg"
      centered
      fullScreen={phone}
    >
      <Stack gap="md">
        <Text size="sm">
          {t("sessions.move.current")} <strong>{formatInZone(booking.startsAt, timeZone, t)}</strong>
        </Text>
        <Text size="sm" c="dimmed">
          {mode === "client"
            ? t("sessions.move.clientRule")
            : t("sessions.move.seerRule")}
        </Text>
        {opened && (
          <SlotPicker
            seerId={booking.seerId}
            sessionType={booking.sessionType}
            timeZone={timeZone}
            date={date}
            time={time}
            onDateChange={(value) => {
              setDate(value);
              setTime(null);
            }}
            onTimeChange={setTime}
            maxDate={maxDate}
            timeZoneNote={
              mode === "client"
                ? t("sessions.move.bookingZone", { timeZone })
                : t("booking.timesInYourZone", { timeZone })
            }
            headingOrder={3}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            {t("booking.back")}
          </Button>
          <Button onClick={submit} loading={pending}>
            {mode === "client" ? t("sessions.move.clientSubmit") : t("sessions.move.seerSubmit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
