import { Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { WEEKDAYS_MONDAY_FIRST, WEEKDAY_NAMES, type Weekday } from "../../../src/domain/availability";
import { TIME_SLOTS } from "../../../src/domain/consultations";
import { SEER_TIMEZONES, type SeerTimezone } from "../../../src/schemas/dashboard";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { CalendarFeed } from "../calendars/CalendarFeed";
import { SeerCalendars } from "../calendars/SeerCalendars";
import { dashboardMessages, timezoneLabel } from "./format";
import { ScheduleCards } from "./ScheduleCards";
import type { DashboardSeer } from "./types";

const isSeerTimezone = (value: string): value is SeerTimezone => SEER_TIMEZONES.some((zone) => zone.value === value);

function TimezoneSelect({ seer }: { seer: DashboardSeer }) {
  const utils = trpc.useUtils();
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
      label="Timezone"
      description="Your availability and session times are shown in this timezone."
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
  const [days, setDays] = useState<Record<Weekday, string[]>>(seer.availability);
  const save = trpc.seerDashboard.updateAvailability.useMutation({
    onSuccess: (saved) => {
      setDays(saved);
      notify(dashboardMessages.availabilitySaved, "success");
      void utils.seerDashboard.overview.invalidate();
      void utils.bookings.takenSlots.invalidate();
    },
    onError: () => notify(dashboardMessages.availabilityFailed, "destructive"),
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
        Availability
      </Title>
      <TimezoneSelect seer={seer} />
      <Card withBorder radius="md">
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              Weekly Calendar
            </Title>
            <Text size="sm" c="dimmed">
              Tick the hourly slots you offer on each weekday, in your timezone ({timezoneLabel(seer.timezone)}). Clients see them
              converted into their own timezone.
            </Text>
          </div>
          {WEEKDAYS_MONDAY_FIRST.map((day) => {
            const name = WEEKDAY_NAMES[day];
            return (
              <div key={day} role="group" aria-label={name}>
                <Group justify="space-between" mb={6}>
                  <Text fw={600}>
                    {name}
                    {days[day].length === 0 ? " (closed)" : ""}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`All day ${name}`}
                      onClick={() => setDay(day, TIME_SLOTS)}
                    >
                      All day
                    </Button>
                    <Button size="compact-xs" variant="default" aria-label={`Close day ${name}`} onClick={() => setDay(day, [])}>
                      Close day
                    </Button>
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 4, sm: 6, lg: 12 }} spacing="xs">
                  {TIME_SLOTS.map((slot) => (
                    <Checkbox
                      key={slot}
                      label={slot}
                      aria-label={`${name} ${slot}`}
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
              Save Availability
            </Button>
          </Group>
        </Stack>
      </Card>
      <ScheduleCards seer={seer} />
      <SeerCalendars timezone={seer.timezone} />
      <CalendarFeed description="Subscribe to this address in Google, Apple or Outlook Calendar to see your upcoming sessions, with each client's first name and the meeting link." />
    </Stack>
  );
}
