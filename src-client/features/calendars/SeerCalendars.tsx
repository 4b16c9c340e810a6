import { Alert, Badge, Button, Card, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm, type FormErrors } from "@mantine/form";
import { useState } from "react";
import { timeInTimeZone } from "../../../src/domain/consultations";
import { addCalendarSchema, type AddCalendarInput } from "../../../src/schemas/calendars";
import { formatDate } from "../../lib/format";
import { useI18n, type Translate } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { inPageLanguage } from "../../lib/validation";
import { trpc, type RouterOutputs } from "../../trpc";

type Listed = RouterOutputs["calendars"]["list"][number];

/** Busy times longer than this are flagged: a calendar may block far more than its owner meant. */
const LONG_BUSY_MINUTES = 7 * 24 * 60;

const when = (t: Translate, at: Date, timezone: string) =>
  t("calendars.when", { date: formatDate(at, "short", timezone), time: timeInTimeZone(at, timezone) });

/** The form's own checks as addCalendarSchema words them (English), by field; `inPageLanguage` says them. */
const fieldChecks = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

function CalendarRow({ calendar, timezone }: { calendar: Listed; timezone: string }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const remove = trpc.calendars.remove.useMutation({
    onSuccess: () => {
      void utils.calendars.list.invalidate();
      void utils.bookings.takenSlots.invalidate();
    },
    onError: () => notify({ title: t("calendars.error"), message: t("calendars.removeFailed") }, "destructive"),
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
            {calendar.lastSuccessAt
              ? t("calendars.lastRead", { when: when(t, calendar.lastSuccessAt, timezone), count: calendar.busyCount })
              : t("calendars.notRead")}
          </Text>
          {calendar.lastError && (
            <Text size="sm" c="red.8" role="alert">
              {calendar.lastErrorAt
                ? t("calendars.unreadableAt", { when: when(t, calendar.lastErrorAt, timezone), error: calendar.lastError })
                : t("calendars.unreadable", { error: calendar.lastError })}
            </Text>
          )}
          {calendar.longestBusyMinutes > LONG_BUSY_MINUTES && (
            <Text size="sm" c="ochre.9">
              {t("calendars.longEvent", { days: Math.round(calendar.longestBusyMinutes / 1440) })}
            </Text>
          )}
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => remove.mutate({ id: calendar.id })}
          loading={remove.isPending}
          aria-label={t("calendars.removeNamed", { label: calendar.label })}
        >
          {t("calendars.remove")}
        </Button>
      </Group>
    </Card>
  );
}

function AddCalendarForm({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
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
    onError: (error) => notify({ title: t("calendars.error"), message: error.message }, "destructive"),
  });
  const submit = form.onSubmit((values) => {
    const input = kind === "ical" ? { kind, url: values.url } : { kind, ...values };
    const parsed = addCalendarSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors(inPageLanguage(fieldChecks, t)(parsed.error.issues));
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
            { value: "ical", label: t("calendars.kind.ical") },
            { value: "caldav", label: "CalDAV" },
          ]}
          w="fit-content"
        />
        <TextInput
          label={kind === "ical" ? t("calendars.icalAddress") : t("calendars.caldavAddress")}
          placeholder="https://"
          required
          {...form.getInputProps("url")}
        />
        {kind === "caldav" && (
          <>
            <TextInput label={t("calendars.userName")} required autoComplete="off" {...form.getInputProps("username")} />
            <PasswordInput
              label={t("calendars.password")}
              description={t("calendars.passwordText")}
              visibilityToggleButtonProps={{ "aria-label": t("calendars.togglePassword") }}
              required
              autoComplete="new-password"
              {...form.getInputProps("password")}
            />
          </>
        )}
        <Group gap="xs">
          <Button type="submit" loading={add.isPending}>
            {t("calendars.add")}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t("calendars.cancel")}
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
  const { t } = useI18n();
  return (
    <Card withBorder radius="md" component="section" aria-label={t("calendars.title")}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t("calendars.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("calendars.intro")}
          </Text>
        </div>
        {calendars.isError && (
          <Alert color="red" title={t("calendars.error")}>
            {t("calendars.loadFailed")}
          </Alert>
        )}
        {calendars.data?.length === 0 && !adding && <Text size="sm">{t("calendars.none")}</Text>}
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
            {t("calendars.addOne")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
