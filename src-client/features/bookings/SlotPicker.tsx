// The date picker's own sheet travels with it (not in the route file, which every page loads).
import "@mantine/dates/styles.css";
import { Alert, Button, Group, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import { CALENDAR_ARIA_LABELS } from "../../components/calendar-labels";
import { DatePicker } from "@mantine/dates";
import { TIME_SLOTS, dateInTimeZone, timeInTimeZone, type SessionType } from "../../../src/domain/consultations";
import { trpc } from "../../trpc";

/** The browser's IANA timezone, stored with the booking so the slot means the same instant everywhere. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * A date and one of the Seer's free hourly slots of one session type, on the wall clock of `timeZone`: the booking
 * wizard's step 1, the client's reschedule dialog and the Seer's proposal of a new time. Taken and already-past
 * times are disabled; times the Seer does not offer are not shown.
 */
export function SlotPicker({
  seerId,
  sessionType,
  timeZone,
  date,
  time,
  onDateChange,
  onTimeChange,
  maxDate,
  timeZoneNote = `Times are in your timezone (${timeZone}).`,
  headingOrder = 2,
}: {
  seerId: string;
  sessionType: SessionType;
  timeZone: string;
  date: string | null;
  time: string | null;
  onDateChange: (date: string | null) => void;
  onTimeChange: (time: string) => void;
  maxDate?: string;
  timeZoneNote?: string;
  headingOrder?: 2 | 3;
}) {
  const today = dateInTimeZone(new Date(), timeZone);
  const taken = trpc.bookings.takenSlots.useQuery(
    { seerId, scheduledDate: date ?? today, clientTimezone: timeZone, sessionType },
    { enabled: date !== null },
  );
  const nowTime = timeInTimeZone(new Date(), timeZone);
  const unavailable = new Set<string>([
    ...(taken.data?.taken ?? []),
    ...(date === today ? TIME_SLOTS.filter((slot) => slot <= nowTime) : []),
  ]);
  // Only the Seer's offered times are shown, each already converted by the server into this timezone.
  const notOffered = new Set(date !== null && taken.data ? taken.data.notOffered : []);
  const offered = TIME_SLOTS.filter((slot) => !notOffered.has(slot));
  const checkingDay = date !== null && taken.isPending;
  // Without the day's answer nothing is offered: showing every slot would invite bookings the server refuses.
  const dayUnknown = date !== null && taken.isError;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
      <div>
        <Title order={headingOrder} size="h4" mb="sm">
          Select a Date
        </Title>
        <DatePicker
          value={date}
          onChange={(value) => onDateChange(value)}
          minDate={today}
          maxDate={maxDate}
          defaultDate={date ?? today}
          aria-label="Consultation date"
          // Every day is a working day for a Seer; weekend red would also fail contrast.
          weekendDays={[]}
          ariaLabels={CALENDAR_ARIA_LABELS}
        />
      </div>
      <div>
        <Title order={headingOrder} size="h4" mb="sm">
          Select a Time
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {timeZoneNote}
        </Text>
        {dayUnknown ? (
          <Alert color="red" role="alert" mb="sm">
            Could not load the available times for this day. Please choose the date again.
          </Alert>
        ) : checkingDay ? (
          // Until the day's availability is known, no slot is offered: none may vanish or appear under the pointer.
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Checking availability...</Text>
          </Group>
        ) : (
          offered.length === 0 && (
            <Text size="sm" mb="sm">
              The Seer is not available on this day. Please choose another date.
            </Text>
          )
        )}
        <SimpleGrid cols={3} spacing="xs" role="group" aria-label="Time slots" hidden={checkingDay || dayUnknown}>
          {offered.map((slot) => {
            const disabled = date !== null && unavailable.has(slot);
            return (
              <Button
                key={slot}
                variant={time === slot ? "filled" : "outline"}
                aria-pressed={time === slot}
                disabled={disabled}
                onClick={() => onTimeChange(slot)}
              >
                {slot}
              </Button>
            );
          })}
        </SimpleGrid>
      </div>
    </SimpleGrid>
  );
}
