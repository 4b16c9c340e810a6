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
import { BUFFER_MINUTES, MAX_DAILY_CAP, NOTICE_MINUTES, noticeLabel, type ScheduleRules } from "../../../src/domain/schedule";
import { notifyActionError } from "../../lib/actionError";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { DashboardSeer } from "./types";

/** docs/product.md#routes-and-screens Availability tab: the toasts of the rules and time-off cards, word for word. */
export const scheduleMessages = {
  rulesSaved: { title: "Rules saved", message: "Clients now see only the times your rules allow." },
  overrideAdded: { title: "Date added", message: "Clients now see your hours for these dates." },
  overrideRemoved: { title: "Date removed", message: "Your weekly calendar applies to these dates again." },
  bookingsCancelled: { title: "Bookings cancelled", message: "Each client gets a full refund." },
} as const;

const HORIZON_CHOICES = [30, 60, 90, 180, 365];
const HOURS = Array.from({ length: 25 }, (_, i) => `${String(i).padStart(2, "0")}:00`);

const minutesLabel = (m: number) => (m === 0 ? "None" : noticeLabel(m));
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
  const [draft, setDraft] = useState<ScheduleRules>(rules);
  const save = trpc.seerDashboard.saveRules.useMutation({
    onSuccess: (saved) => {
      setDraft(saved);
      notify(scheduleMessages.rulesSaved, "success");
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
            Scheduling Rules
          </Title>
          <Text size="sm" c="dimmed">
            Clients can book only the times these rules allow.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <RuleSelect
            label="Buffer before each session"
            value={draft.bufferBeforeMinutes}
            choices={BUFFER_MINUTES}
            format={minutesLabel}
            onChange={(v) => set({ bufferBeforeMinutes: v })}
          />
          <RuleSelect
            label="Buffer after each session"
            value={draft.bufferAfterMinutes}
            choices={BUFFER_MINUTES}
            format={minutesLabel}
            onChange={(v) => set({ bufferAfterMinutes: v })}
          />
          <RuleSelect
            label="Minimum notice"
            value={draft.noticeMinutes}
            choices={NOTICE_MINUTES}
            format={minutesLabel}
            onChange={(v) => set({ noticeMinutes: v })}
          />
          <RuleSelect
            label="Clients can book up to"
            value={draft.horizonDays}
            choices={HORIZON_CHOICES}
            format={(v) => `${v} days ahead`}
            onChange={(v) => set({ horizonDays: v })}
          />
          <RuleSelect
            label="Sessions per day"
            value={draft.dailyCap ?? 0}
            choices={Array.from({ length: MAX_DAILY_CAP + 1 }, (_, i) => i)}
            format={(v) => (v === 0 ? "No limit" : `At most ${v}`)}
            onChange={(v) => set({ dailyCap: v === 0 ? null : v })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
            Save Rules
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

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export const overrideLabel = (o: Pick<Override, "startDate" | "endDate" | "kind" | "hours">): string => {
  const days = o.startDate === o.endDate ? dayLabel(o.startDate) : `${dayLabel(o.startDate)} – ${dayLabel(o.endDate)}`;
  return o.kind === "time_off" ? `${days}: Time off` : `${days}: ${o.hours.map((h) => `${h.start}–${h.end}`).join(", ")}`;
};

/** The dialog after adding time off: the confirmed bookings inside it, each kept or cancelled (full refund). */
function TimeOffBookingsDialog({
  bookings,
  timeZone,
  onClose,
}: {
  bookings: AffectedBooking[];
  timeZone: string;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const [chosen, setChosen] = useState<string[]>([]);
  const cancel = trpc.seerDashboard.cancelTimeOffBookings.useMutation({
    onSuccess: () => {
      notify(scheduleMessages.bookingsCancelled, "success");
      void utils.bookings.invalidate();
      onClose();
    },
    onError: notifyActionError,
  });
  return (
    <Modal opened onClose={onClose} title="Bookings during your time off" centered>
      <Stack gap="md">
        <Text size="sm">
          These sessions fall inside your time off. Keep them, or cancel them: each client gets a full refund.
        </Text>
        {bookings.map((b) => (
          <Checkbox
            key={b.id}
            label={`${dateInTimeZone(b.startsAt, timeZone)} ${timeInTimeZone(b.startsAt, timeZone)} · ${b.clientName || "Client"}`}
            checked={chosen.includes(b.id)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChosen((current) => (on ? [...current, b.id] : current.filter((id) => id !== b.id)));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep All
          </Button>
          <Button
            color="red"
            disabled={chosen.length === 0}
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ bookingIds: chosen })}
          >
            Cancel Selected
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Time Off and Date Overrides card: a calendar to add either, and the list with Remove. */
export function DateOverridesCard({ seer, overrides, today }: { seer: DashboardSeer; overrides: Override[]; today: string }) {
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<"time_off" | "hours">("time_off");
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [date, setDate] = useState<string | null>(null);
  const [from, setFrom] = useState("10:00");
  const [to, setTo] = useState("12:00");
  const [note, setNote] = useState("");
  const [affected, setAffected] = useState<AffectedBooking[]>([]);
  const refresh = () => {
    void utils.seerDashboard.schedule.invalidate();
    void utils.bookings.takenSlots.invalidate();
  };
  const add = trpc.seerDashboard.addOverride.useMutation({
    onSuccess: (answer) => {
      notify(scheduleMessages.overrideAdded, "success");
      setRange([null, null]);
      setDate(null);
      setNote("");
      setAffected(answer.bookings);
      refresh();
    },
    onError: notifyActionError,
  });
  const remove = trpc.seerDashboard.removeOverride.useMutation({
    onSuccess: () => {
      notify(scheduleMessages.overrideRemoved, "success");
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
            Time Off and Date Overrides
          </Title>
          <Text size="sm" c="dimmed">
            Mark days you are away, or give one date its own hours. These win over your weekly calendar.
          </Text>
        </div>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value === "hours" ? "hours" : "time_off")}
          data={[
            { value: "time_off", label: "Time off" },
            { value: "hours", label: "Own hours" },
          ]}
          aria-label="What to add"
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
              aria-label="Time off dates"
            />
          ) : (
            <DatePicker
              value={date}
              onChange={setDate}
              minDate={today}
              defaultDate={today}
              weekendDays={[]}
              ariaLabels={CALENDAR_ARIA_LABELS}
              aria-label="Date with its own hours"
            />
          )}
          <Stack gap="sm">
            {kind === "hours" && (
              <Group grow>
                <NativeSelect
                  label="From"
                  data={HOURS.slice(0, 24)}
                  value={from}
                  onChange={(e) => setFrom(e.currentTarget.value)}
                />
                <NativeSelect label="To" data={HOURS.slice(1)} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
              </Group>
            )}
            <TextInput label="Note (optional)" value={note} maxLength={200} onChange={(e) => setNote(e.currentTarget.value)} />
            <Button onClick={submit} disabled={!ready} loading={add.isPending}>
              {kind === "time_off" ? "Add Time Off" : "Add Hours"}
            </Button>
          </Stack>
        </SimpleGrid>
        {overrides.length === 0 && (
          <Text size="sm" c="dimmed">
            No time off or date overrides yet.
          </Text>
        )}
        <Stack gap="xs" aria-label="Time off and date overrides" role="list">
          {overrides.map((o) => (
            <Group key={o.id} justify="space-between" role="listitem" wrap="nowrap">
              <div>
                <Text fw={600}>{overrideLabel(o)}</Text>
                {o.note && (
                  <Text size="sm" c="dimmed">
                    {o.note}
                  </Text>
                )}
              </div>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Remove ${overrideLabel(o)}`}
                loading={remove.isPending && remove.variables.id === o.id}
                onClick={() => remove.mutate({ id: o.id })}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
      {affected.length > 0 && (
        <TimeOffBookingsDialog bookings={affected} timeZone={seer.timezone} onClose={() => setAffected([])} />
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
