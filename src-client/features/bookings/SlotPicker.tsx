// The date picker's own sheet travels with it (not in the route file, which every page loads).
import "@mantine/dates/styles.css";
// The calendar's month and day names in French (Mantine's dates read dayjs's locales), with the picker's chunk.
import "dayjs/locale/fr";
import { Alert, Button, Group, Loader, SimpleGrid, Text, Title } from "@mantine/core";
import { DatePicker, type DatePickerProps } from "@mantine/dates";
import { useI18n, type Translate } from "../../lib/i18n";
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

/** The names of the calendar's header controls, which it draws as icons only (axe: button-name), in the page's language. */
const calendarLabels = (t: Translate): DatePickerProps["ariaLabels"] => ({
  previousMonth: t("booking.calendar.previousMonth"),
  nextMonth: t("booking.calendar.nextMonth"),
  monthLevelControl: t("booking.calendar.monthLevelControl"),
  previousYear: t("booking.calendar.previousYear"),
  nextYear: t("booking.calendar.nextYear"),
  yearLevelControl: t("booking.calendar.yearLevelControl"),
  previousDecade: t("booking.calendar.previousDecade"),
  nextDecade: t("booking.calendar.nextDecade"),
});

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
  timeZoneNote,
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
  /** Whose clock the times are on; "Times are in your timezone (…)" unless given. */
  timeZoneNote?: string;
  headingOrder?: 2 | 3;
}) {
  const { t, locale } = useI18n();
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
          {t("booking.selectDate")}
        </Title>
        <DatePicker
          value={date}
          onChange={(value) => onDateChange(value)}
          minDate={today}
          maxDate={maxDate}
          defaultDate={date ?? today}
          aria-label={t("booking.dateLabel")}
          locale={locale}
          // Every day is a working day for a Seer; weekend red would also fail contrast.
          weekendDays={[]}
          ariaLabels={calendarLabels(t)}
        />
      </div>
      <div>
        <Title order={headingOrder} size="h4" mb="sm">
          {t("booking.selectTime")}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {timeZoneNote ?? t("booking.timesInYourZone", { timeZone })}
        </Text>
        {dayUnknown ? (
          <Alert color="red" role="alert" mb="sm">
            {t("booking.timesUnknown")}
          </Alert>
        ) : checkingDay ? (
          // Until the day's availability is known, no slot is offered: none may vanish or appear under the pointer.
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t("booking.checking")}</Text>
          </Group>
        ) : (
          offered.length === 0 && (
            <Text size="sm" mb="sm">
              {t("booking.dayOff")}
            </Text>
          )
        )}
        <SimpleGrid cols={3} spacing="xs" role="group" aria-label={t("booking.timeSlots")} hidden={checkingDay || dayUnknown}>
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
