import { Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { WEEKDAYS_MONDAY_FIRST, type Weekday } from "../../../src/domain/availability";
import { TIME_SLOTS } from "../../../src/domain/consultations";
import { SEER_TIMEZONES, type SeerTimezone } from "../../../src/schemas/dashboard";
import { messages } from "../../lib/messages";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { CalendarFeed } from "../calendars/CalendarFeed";
import { SeerCalendars } from "../calendars/SeerCalendars";
import { dashboardMessages, timezoneLabel, toastText } from "./format";
import { ScheduleCards } from "./ScheduleCards";
import type { DashboardSeer } from "./types";

const isSeerTimezone = (value: string): value is SeerTimezone => SEER_TIMEZONES.some((zone) => zone.value === value);

function TimezoneSelect({ seer }: { seer: DashboardSeer }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const setTimezone = trpc.seerDashboard.setTimezone.useMutation({
    onSuccess: () => {
      notify(messages.timezoneUpdated, "success");
      // The sessions' times, the earnings' months and the open slots are on the Seer's clock.
      void utils.seerDashboard.invalidate();
      void utils.bookings.invalidate();
      void utils.seers.invalidate();
    },
    onError: () => notify(messages.timezoneFailed, "destructive"),
  });
  return (
    <NativeSelect
      label={t("dashboard.availability.timezone")}
      description={t("dashboard.availability.timezoneDescription")}
      data={SEER_TIMEZONES.map((zone) => ({ value: zone.value, label: zone.label }))}
      value={seer.timezone}
      disabled={setTimezone.isPending}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isSeerTimezone(value) && value !== seer.timezone) setTimezone.mutate({ seerId: seer.id, timezone: value });
      }}
      maw={320}
    />
  );
}

/**
 * docs/product.md#routes-and-screens Availability tab: the timezone selector, the weekly calendar the booking wizard
 * follows, the scheduling rules and the time off and date overrides (ScheduleCards), the Seer's own calendars (busy
 * times) and their feed of sessions.
 */
export function AvailabilityTab({ seer }: { seer: DashboardSeer }) {
  const utils = trpc.useUtils();
  const { t, locale } = useI18n();
  const [days, setDays] = useState<Record<Weekday, string[]>>(seer.availability);
  const save = trpc.seerDashboard.updateAvailability.useMutation({
    onSuccess: (saved) => {
      setDays(saved);
      notify(toastText(t, dashboardMessages.availabilitySaved), "success");
      void utils.seerDashboard.overview.invalidate();
      void utils.bookings.takenSlots.invalidate();
    },
    onError: () => notify(toastText(t, dashboardMessages.availabilityFailed), "destructive"),
  });
  const setDay = (day: Weekday, slots: readonly string[]) => setDays((current) => ({ ...current, [day]: [...slots] }));
  const toggle = (day: Weekday, slot: string, on: boolean) =>
    setDays((current) => ({
      ...current,
      [day]: TIME_SLOTS.filter((s) => (s === slot ? on : current[day].includes(s))),
    }));

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t("dashboard.availability.title")}
      </Title>
      <TimezoneSelect seer={seer} />
      <Card withBorder radius="md">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              {t("dashboard.availability.weekly")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("dashboard.availability.weeklyDescription", { zone: timezoneLabel(seer.timezone) })}
            </Text>
          </div>
          {WEEKDAYS_MONDAY_FIRST.map((day) => {
            // The weekday as a sentence names it ("lundi" in French), and as a heading ("Lundi").
            const name = t(`dashboard.weekday.${day}`);
            const heading = name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
            return (
              <div key={day} role="group" aria-label={heading}>
                <Group justify="space-between" mb={6}>
                  <Text fw={600}>{days[day].length === 0 ? t("dashboard.availability.closed", { day: heading }) : heading}</Text>
                  <Group gap="xs">
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={t("dashboard.availability.allDayLabel", { day: name })}
                      onClick={() => setDay(day, TIME_SLOTS)}
                    >
                      {t("dashboard.availability.allDay")}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={t("dashboard.availability.closeDayLabel", { day: name })}
                      onClick={() => setDay(day, [])}
                    >
                      {t("dashboard.availability.closeDay")}
                    </Button>
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 4, sm: 6, lg: 12 }} spacing="xs">
                  {TIME_SLOTS.map((slot) => (
                    <Checkbox
                      key={slot}
                      label={slot}
                      aria-label={t("dashboard.availability.slotLabel", { day: heading, slot })}
                      checked={days[day].includes(slot)}
                      onChange={(event) => toggle(day, slot, event.currentTarget.checked)}
                    />
                  ))}
                </SimpleGrid>
              </div>
            );
          })}
          <Group justify="flex-end">
            <Button onClick={() => save.mutate({ days })} loading={save.isPending}>
              {t("dashboard.availability.save")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <ScheduleCards seer={seer} />
      <SeerCalendars timezone={seer.timezone} />
      <CalendarFeed description={t("dashboard.availability.feed")} />
    </Stack>
  );
}
