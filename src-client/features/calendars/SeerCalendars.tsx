import { Alert, Badge, Button, Card, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { timeInTimeZone } from "../../../src/domain/consultations";
import { addCalendarSchema, type AddCalendarInput } from "../../../src/schemas/calendars";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";

type Listed = RouterOutputs["calendars"]["list"][number];

/** Busy times longer than this are flagged: a calendar may block far more than its owner meant. */
const LONG_BUSY_MINUTES = 7 * 24 * 60;

const when = (at: Date, timezone: string) => `${formatDate(at, "short", timezone)} at ${timeInTimeZone(at, timezone)}`;

function CalendarRow({ calendar, timezone }: { calendar: Listed; timezone: string }) {
  const utils = trpc.useUtils();
  const remove = trpc.calendars.remove.useMutation({
    onSuccess: () => {
      void utils.calendars.list.invalidate();
      void utils.bookings.takenSlots.invalidate();
    },
    onError: () => notify({ title: "Error", message: "Failed to remove the calendar." }, "destructive"),
  });
  return (
    <Card withBorder radius="sm" p="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{calendar.label}</Text>
            <Badge variant="light" color={calendar.lastError ? "red" : "forest"}>
              {calendar.kind === "caldav" ? "CalDAV" : "iCalendar"}
            </Badge>
          </Group>
          <Text size="sm">
            {calendar.lastSuccessAt ? `Last read: ${when(calendar.lastSuccessAt, timezone)}` : "Not read yet"}
            {calendar.lastSuccessAt ? ` (${calendar.busyCount} busy ${calendar.busyCount === 1 ? "time" : "times"})` : ""}
          </Text>
          {calendar.lastError && (
            <Text size="sm" c="red.8" role="alert">
              {`Could not be read${calendar.lastErrorAt ? ` (${when(calendar.lastErrorAt, timezone)})` : ""}: ${calendar.lastError}`}
            </Text>
          )}
          {calendar.longestBusyMinutes > LONG_BUSY_MINUTES && (
            <Text size="sm" c="ochre.9">
              {`One event lasts ${Math.round(calendar.longestBusyMinutes / 1440)} days: no slot is offered during it.`}
            </Text>
          )}
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => remove.mutate({ id: calendar.id })}
          loading={remove.isPending}
          aria-label={`Remove ${calendar.label}`}
        >
          Remove
        </Button>
      </Group>
    </Card>
  );
}

function AddCalendarForm({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<AddCalendarInput["kind"]>("ical");
  const form = useForm<{ url: string; username: string; password: string }>({
    initialValues: { url: "", username: "", password: "" },
  });
  const add = trpc.calendars.add.useMutation({
    onSuccess: () => {
      void utils.calendars.list.invalidate();
      void utils.bookings.takenSlots.invalidate();
      onDone();
    },
    onError: (error) => notify({ title: "Error", message: error.message }, "destructive"),
  });
  const submit = form.onSubmit((values) => {
    const input = kind === "ical" ? { kind, url: values.url } : { kind, ...values };
    const parsed = addCalendarSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    add.mutate(parsed.data);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value === "caldav" ? "caldav" : "ical")}
          data={[
            { value: "ical", label: "iCalendar address" },
            { value: "caldav", label: "CalDAV" },
          ]}
          w="fit-content"
        />
        <TextInput
          label={kind === "ical" ? "Calendar address (.ics)" : "CalDAV server address"}
          placeholder="https://"
          required
          {...form.getInputProps("url")}
        />
        {kind === "caldav" && (
          <>
            <TextInput label="User name" required autoComplete="off" {...form.getInputProps("username")} />
            <PasswordInput
              label="Password"
              description="An app password if your provider offers one. It is stored encrypted."
              required
              autoComplete="new-password"
              {...form.getInputProps("password")}
            />
          </>
        )}
        <Group gap="xs">
          <Button type="submit" loading={add.isPending}>
            Add Calendar
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** docs/product.md#seer-dashboard Availability: the Seer's own calendars, whose busy times block slots. */
export function SeerCalendars({ timezone }: { timezone: string }) {
  const calendars = trpc.calendars.list.useQuery();
  const [adding, setAdding] = useState(false);
  return (
    <Card withBorder radius="md" component="section" aria-label="Your calendars">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Your calendars
          </Title>
          <Text size="sm" c="dimmed">
            Busy times in these calendars are not offered to clients. They are read every 15 minutes and when a client
            books.
          </Text>
        </div>
        {calendars.isError && (
          <Alert color="red" title="Error">
            Your calendars could not be loaded.
          </Alert>
        )}
        {calendars.data?.length === 0 && !adding && <Text size="sm">No calendars added.</Text>}
        {calendars.data && calendars.data.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {calendars.data.map((calendar) => (
              <CalendarRow key={calendar.id} calendar={calendar} timezone={timezone} />
            ))}
          </Stack>
        )}
        {adding ? (
          <AddCalendarForm onDone={() => setAdding(false)} />
        ) : (
          <Button variant="light" w="fit-content" onClick={() => setAdding(true)}>
            Add a calendar
          </Button>
        )}
      </Stack>
    </Card>
  );
}
