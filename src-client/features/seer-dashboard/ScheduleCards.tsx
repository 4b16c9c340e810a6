// The date picker's own sheet travels with it (not in the route file, which every page loads).
import "@mantine/dates/styles.css";
import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { CALENDAR_ARIA_LABELS } from "../../components/calendar-labels";
import { useState } from "react";
import { dateInTimeZone, timeInTimeZone } from "../../../src/domain/consultations";
import { BUFFER_MINUTES, MAX_DAILY_CAP, NOTICE_MINUTES, type ScheduleRules } from "../../../src/domain/schedule";
import type { Locale } from "../../../src/i18n/locales";
import type { MessageId } from "../../../src/i18n/messages/en";
import { notifyActionError } from "../../lib/actionError";
import { useI18n, type Translate } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { toastText } from "./format";
import type { DashboardSeer } from "./types";

/** docs/product.md#routes-and-screens Availability tab: the toasts of the rules and time-off cards, word for word. */
const scheduleMessages = {
  rulesSaved: { title: "dashboardSchedule.rulesSaved", message: "dashboardSchedule.rulesSavedMessage" },
  overrideAdded: { title: "dashboardSchedule.overrideAdded", message: "dashboardSchedule.overrideAddedMessage" },
  overrideRemoved: { title: "dashboardSchedule.overrideRemoved", message: "dashboardSchedule.overrideRemovedMessage" },
  bookingsCancelled: { title: "dashboardSchedule.bookingsCancelled", message: "dashboardSchedule.bookingsCancelledMessage" },
} as const satisfies Record<string, { title: MessageId; message: MessageId }>;

const HORIZON_CHOICES = [30, 60, 90, 180, 365];
const HOURS = Array.from({ length: 25 }, (_, i) => `${String(i).padStart(2, "0")}:00`);

/** A buffer or a notice as noticeLabel (src/domain/schedule.ts) writes it, in the page's language: "2 hours", "1 day". */
function minutesLabel(t: Translate, m: number): string {
  if (m === 0) return t("dashboardSchedule.none");
  if (m % 1440 === 0) return t("dashboardSchedule.days", { count: m / 1440 });
  if (m % 60 === 0) return t("dashboardSchedule.hours", { count: m / 60 });
  return t("dashboardSchedule.minutes", { count: m });
}
const withCurrent = (choices: readonly number[], current: number) =>
  (choices.includes(current) ? [...choices] : [...choices, current].sort((a, b) => a - b)).map(String);

function RuleSelect({
  label,
  value,
  choices,
  format,
  onChange,
}: {
  label: string;
  value: number;
  choices: readonly number[];
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <NativeSelect
      label={label}
      data={withCurrent(choices, value).map((v) => ({ value: v, label: format(Number(v)) }))}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}

/** The Scheduling Rules card: buffers, minimum notice, how far ahead, sessions a day. */
export function SchedulingRulesCard({ rules }: { rules: ScheduleRules }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [draft, setDraft] = useState<ScheduleRules>(rules);
  const save = trpc.seerDashboard.saveRules.useMutation({
    onSuccess: (saved) => {
      setDraft(saved);
      notify(toastText(t, scheduleMessages.rulesSaved), "success");
      void utils.seerDashboard.schedule.invalidate();
      void utils.bookings.takenSlots.invalidate();
    },
    onError: notifyActionError,
  });
  const set = (patch: Partial<ScheduleRules>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t("dashboardSchedule.rules")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("dashboardSchedule.rulesDescription")}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <RuleSelect
            label={t("dashboardSchedule.bufferBefore")}
            value={draft.bufferBeforeMinutes}
            choices={BUFFER_MINUTES}
            format={(v) => minutesLabel(t, v)}
            onChange={(v) => set({ bufferBeforeMinutes: v })}
          />
          <RuleSelect
            label={t("dashboardSchedule.bufferAfter")}
            value={draft.bufferAfterMinutes}
            choices={BUFFER_MINUTES}
            format={(v) => minutesLabel(t, v)}
            onChange={(v) => set({ bufferAfterMinutes: v })}
          />
          <RuleSelect
            label={t("dashboardSchedule.notice")}
            value={draft.noticeMinutes}
            choices={NOTICE_MINUTES}
            format={(v) => minutesLabel(t, v)}
            onChange={(v) => set({ noticeMinutes: v })}
          />
          <RuleSelect
            label={t("dashboardSchedule.horizon")}
            value={draft.horizonDays}
            choices={HORIZON_CHOICES}
            format={(v) => t("dashboardSchedule.daysAhead", { count: v })}
            onChange={(v) => set({ horizonDays: v })}
          />
          <RuleSelect
            label={t("dashboardSchedule.perDay")}
            value={draft.dailyCap ?? 0}
            choices={Array.from({ length: MAX_DAILY_CAP + 1 }, (_, i) => i)}
            format={(v) => (v === 0 ? t("dashboardSchedule.noLimit") : t("dashboardSchedule.atMost", { count: v }))}
            onChange={(v) => set({ dailyCap: v === 0 ? null : v })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
            {t("dashboardSchedule.saveRules")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

type Override = {
  id: string;
  startDate: string;
  endDate: string;
  kind: "time_off" | "hours";
  hours: { start: string; end: string }[];
  note: string | null;
};
type AffectedBooking = { id: string; startsAt: Date; sessionType: string; clientName: string };

/** "5 Dec 2026" in English, "5 déc. 2026" in French. */
const DAY_LABEL = { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } as const;
const dayLabel = (locale: Locale, date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(locale === "fr" ? "fr-FR" : "en-GB", DAY_LABEL);
const overrideLabel = (t: Translate, locale: Locale, o: Pick<Override, "startDate" | "endDate" | "kind" | "hours">): string => {
  const from = dayLabel(locale, o.startDate);
  const days = o.startDate === o.endDate ? from : `${from} – ${dayLabel(locale, o.endDate)}`;
  return o.kind === "time_off"
    ? t("dashboardSchedule.timeOffLabel", { days })
    : t("dashboardSchedule.hoursLabel", { days, hours: o.hours.map((h) => `${h.start}–${h.end}`).join(", ") });
};

/** The dialog's title and text, by what the Seer added (docs/product.md#routes-and-screens, word for word). */
export const affectedBookingsTexts = {
  time_off: { title: "dashboardSchedule.timeOffTitle", text: "dashboardSchedule.timeOffText" },
  hours: { title: "dashboardSchedule.hoursTitle", text: "dashboardSchedule.hoursText" },
} as const satisfies Record<string, { title: MessageId; text: MessageId }>;

/**
 * The dialog after adding time off or a date's own hours: the confirmed bookings the new override refuses, each kept
 * or cancelled (full refund).
 */
function AffectedBookingsDialog({
  kind,
  bookings,
  timeZone,
  onClose,
}: {
  kind: Override["kind"];
  bookings: AffectedBooking[];
  timeZone: string;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [chosen, setChosen] = useState<string[]>([]);
  const cancel = trpc.seerDashboard.cancelTimeOffBookings.useMutation({
    onSuccess: () => {
      notify(toastText(t, scheduleMessages.bookingsCancelled), "success");
      void utils.bookings.invalidate();
      onClose();
    },
    onError: notifyActionError,
  });
  return (
    <Modal opened onClose={onClose} title={t(affectedBookingsTexts[kind].title)} centered>
      <Stack gap="md">
        <Text size="sm">{t(affectedBookingsTexts[kind].text)}</Text>
        {bookings.map((b) => (
          <Checkbox
            key={b.id}
            label={`${dateInTimeZone(b.startsAt, timeZone)} ${timeInTimeZone(b.startsAt, timeZone)} · ${b.clientName || t("dashboardSchedule.client")}`}
            checked={chosen.includes(b.id)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChosen((current) => (on ? [...current, b.id] : current.filter((id) => id !== b.id)));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("dashboardSchedule.keepAll")}
          </Button>
          <Button
            color="red"
            disabled={chosen.length === 0}
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ bookingIds: chosen, kind })}
          >
            {t("dashboardSchedule.cancelSelected")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Time Off and Date Overrides card: a calendar to add either, and the list with Remove. */
export function DateOverridesCard({ seer, overrides, today }: { seer: DashboardSeer; overrides: Override[]; today: string }) {
  const utils = trpc.useUtils();
  const { t, locale } = useI18n();
  const [kind, setKind] = useState<"time_off" | "hours">("time_off");
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [date, setDate] = useState<string | null>(null);
  const [from, setFrom] = useState("10:00");
  const [to, setTo] = useState("12:00");
  const [note, setNote] = useState("");
  const [affected, setAffected] = useState<{ kind: Override["kind"]; bookings: AffectedBooking[] } | null>(null);
  const refresh = () => {
    void utils.seerDashboard.schedule.invalidate();
    void utils.bookings.takenSlots.invalidate();
  };
  const add = trpc.seerDashboard.addOverride.useMutation({
    onSuccess: (answer) => {
      notify(toastText(t, scheduleMessages.overrideAdded), "success");
      setRange([null, null]);
      setDate(null);
      setNote("");
      setAffected(answer.bookings.length > 0 ? { kind: answer.override.kind, bookings: answer.bookings } : null);
      refresh();
    },
    onError: notifyActionError,
  });
  const remove = trpc.seerDashboard.removeOverride.useMutation({
    onSuccess: () => {
      notify(toastText(t, scheduleMessages.overrideRemoved), "success");
      refresh();
    },
    onError: notifyActionError,
  });
  const [start, end] = range;
  const ready = kind === "time_off" ? start !== null : date !== null;
  const submit = () => {
    if (kind === "time_off" && start) add.mutate({ kind, startDate: start, endDate: end ?? start, note });
    if (kind === "hours" && date) add.mutate({ kind, startDate: date, endDate: date, hours: [{ start: from, end: to }], note });
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t("dashboardSchedule.overrides")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("dashboardSchedule.overridesDescription")}
          </Text>
        </div>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value === "hours" ? "hours" : "time_off")}
          data={[
            { value: "time_off", label: t("dashboardSchedule.timeOff") },
            { value: "hours", label: t("dashboardSchedule.ownHours") },
          ]}
          aria-label={t("dashboardSchedule.whatToAdd")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {kind === "time_off" ? (
            <DatePicker
              type="range"
              allowSingleDateInRange
              value={range}
              onChange={setRange}
              minDate={today}
              defaultDate={today}
              weekendDays={[]}
              ariaLabels={CALENDAR_ARIA_LABELS}
              aria-label={t("dashboardSchedule.timeOffDates")}
            />
          ) : (
            <DatePicker
              value={date}
              onChange={setDate}
              minDate={today}
              defaultDate={today}
              weekendDays={[]}
              ariaLabels={CALENDAR_ARIA_LABELS}
              aria-label={t("dashboardSchedule.ownHoursDate")}
            />
          )}
          <Stack gap="sm">
            {kind === "hours" && (
              <Group grow>
                <NativeSelect
                  label={t("dashboardSchedule.from")}
                  data={HOURS.slice(0, 24)}
                  value={from}
                  onChange={(e) => setFrom(e.currentTarget.value)}
                />
                <NativeSelect
                  label={t("dashboardSchedule.to")}
                  data={HOURS.slice(1)}
                  value={to}
                  onChange={(e) => setTo(e.currentTarget.value)}
                />
              </Group>
            )}
            <TextInput
              label={t("dashboardSchedule.note")}
              value={note}
              maxLength={200}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Button onClick={submit} disabled={!ready} loading={add.isPending}>
              {t(kind === "time_off" ? "dashboardSchedule.addTimeOff" : "dashboardSchedule.addHours")}
            </Button>
          </Stack>
        </SimpleGrid>
        {overrides.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("dashboardSchedule.noOverrides")}
          </Text>
        )}
        <Stack gap="xs" aria-label={t("dashboardSchedule.list")} role="list">
          {overrides.map((o) => (
            <Group key={o.id} justify="space-between" role="listitem" wrap="nowrap">
              <div>
                <Text fw={600}>{overrideLabel(t, locale, o)}</Text>
                {o.note && (
                  <Text size="sm" c="dimmed">
                    {o.note}
                  </Text>
                )}
              </div>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={t("dashboardSchedule.removeLabel", { override: overrideLabel(t, locale, o) })}
                loading={remove.isPending && remove.variables.id === o.id}
                onClick={() => remove.mutate({ id: o.id })}
              >
                {t("dashboardSchedule.remove")}
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
      {affected && (
        <AffectedBookingsDialog
          kind={affected.kind}
          bookings={affected.bookings}
          timeZone={seer.timezone}
          onClose={() => setAffected(null)}
        />
      )}
    </Card>
  );
}

/** Both cards, once the Seer's schedule is read. */
export function ScheduleCards({ seer }: { seer: DashboardSeer }) {
  const schedule = trpc.seerDashboard.schedule.useQuery();
  if (!schedule.data) return null;
  return (
    <>
      <SchedulingRulesCard key={JSON.stringify(schedule.data.rules)} rules={schedule.data.rules} />
      <DateOverridesCard seer={seer} overrides={schedule.data.overrides} today={schedule.data.today} />
    </>
  );
}
