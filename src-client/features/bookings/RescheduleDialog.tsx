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
import { messages } from "../../lib/messages";
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

/** "Tue, Dec 1, 2026 at 10:00 (Africa/Accra)": an instant on the wall clock of a timezone. */
export function formatInZone(instant: Date, timeZone: string): string {
  return `${formatCalendarDate(dateInTimeZone(instant, timeZone), "weekdayShort")} at ${timeInTimeZone(instant, timeZone)} (${timeZone})`;
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
      notify(messages.selectionRequired, "destructive");
      return;
    }
    const when = `${formatCalendarDate(date, "weekdayShort")} at ${time}`;
    if (mode === "client") {
      reschedule.mutate(
        { bookingId: booking.id, scheduledDate: date, scheduledTime: time, sequence: booking.calendarSequence },
        { onSuccess: () => done({ title: "Consultation Rescheduled", message: `Your new time is ${when}.` }), onError },
      );
    } else {
      propose.mutate(
        { bookingId: booking.id, scheduledDate: date, scheduledTime: time, timezone: timeZone },
        {
          onSuccess: () => done({ title: "New Time Proposed", message: `The client has been asked to accept ${when}.` }),
          onError,
        },
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={mode === "client" ? "Reschedule Consultation" : "Propose New Time"}
      size="lg"
      centered
      fullScreen={phone}
    >
      <Stack gap="md">
        <Text size="sm">
          Current time: <strong>{formatInZone(booking.startsAt, timeZone)}</strong>
        </Text>
        <Text size="sm" c="dimmed">
          {mode === "client"
            ? "Moving a booking is free until 24 hours before it starts."
            : "The client keeps the current time unless they accept the new one."}
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
                ? `Times are in your booking's timezone (${timeZone}).`
                : `Times are in your timezone (${timeZone}).`
            }
            headingOrder={3}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Back
          </Button>
          <Button onClick={submit} loading={pending}>
            {mode === "client" ? "Confirm New Time" : "Send Proposal"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
