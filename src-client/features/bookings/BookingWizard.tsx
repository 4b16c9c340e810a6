import { Alert, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Stepper, Text, Textarea, Title } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import {
  SESSION_MINUTES,
  TIME_SLOTS,
  dateInTimeZone,
  lastBookableDate,
  sessionPriceField,
  timeInTimeZone,
  type SessionType,
} from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { CardPaymentForm } from "../payments/CardPaymentForm";
import { SeerNotFound } from "../seers/SeerNotFound";
import { formatCalendarDate } from "../../lib/format";
import type { BookingPayment } from "./types";

/** The browser's IANA timezone, stored with the booking so the slot means the same instant everywhere. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** docs/product.md#routes-and-screens /book/{id}: date and slot, review with notes, card payment. */
export function BookingWizard({ seerId, sessionType }: { seerId: string; sessionType: SessionType }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const timeZone = useMemo(() => detectTimeZone(), []);
  const today = dateInTimeZone(new Date(), timeZone);
  const [step, setStep] = useState(0);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [payment, setPayment] = useState<BookingPayment | null>(null);

  const seer = trpc.seers.byId.useQuery({ id: seerId });
  const taken = trpc.bookings.takenSlots.useQuery(
    { seerId, scheduledDate: date ?? today, clientTimezone: timeZone, sessionType },
    { enabled: date !== null },
  );
  const createIntent = trpc.bookings.createPaymentIntent.useMutation();

  if (seer.isPending) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label="Loading" />
      </Container>
    );
  }
  if (!seer.data) return <SeerNotFound />;

  const price = seer.data[sessionPriceField(sessionType)];
  const minutes = SESSION_MINUTES[sessionType];
  const nowTime = timeInTimeZone(new Date(), timeZone);
  const unavailable = new Set<string>([
    ...(taken.data?.taken ?? []),
    ...(date === today ? TIME_SLOTS.filter((slot) => slot <= nowTime) : []),
  ]);

  // Only the Seer's offered times are shown, each already converted by the server into the client's timezone.
  const notOffered = new Set(date !== null && taken.data ? taken.data.notOffered : []);
  const offered = TIME_SLOTS.filter((slot) => !notOffered.has(slot));
  const checkingDay = date !== null && taken.isPending;
  // Without the day's answer nothing is offered: showing every slot would invite bookings the server refuses.
  const dayUnknown = date !== null && taken.isError;

  const toReview = () => {
    if (!date || !time) {
      notify(messages.selectionRequired, "destructive");
      return;
    }
    setStep(1);
  };

  const startPayment = () => {
    if (!date || !time || !price) return;
    createIntent.mutate(
      { seerId, sessionType, scheduledDate: date, scheduledTime: time, notes, clientTimezone: timeZone, amount: price },
      {
        onSuccess: (result) => {
          setPayment(result);
          setStep(2);
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) {
            notify(messages.unauthorized, "destructive");
            redirectToLogin();
          } else if (error.data?.code === "CONFLICT") {
            // Someone else took the slot meanwhile: say so, and let the client choose another.
            notify({ title: messages.createPaymentFailed.title, message: error.message }, "destructive");
            setTime(null);
            setStep(0);
            void utils.bookings.takenSlots.invalidate();
          } else {
            notify(messages.createPaymentFailed, "destructive");
          }
        },
      },
    );
  };

  const onPaid = (paymentIntentId: string) => {
    notify(messages.bookingPaid, "success");
    void utils.bookings.invalidate();
    void navigate({ to: "/booking-success", search: { payment_intent: paymentIntentId } });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Book a Consultation</Title>
          <Text c="dimmed">
            {minutes} Minute Session with {seer.data.fullName}
            {price ? ` · ${formatMoney(price)}` : ""}
          </Text>
        </div>
        {!price && (
          <Alert color="red" title="Session not available">
            This Seer does not offer {minutes} minute sessions. Please choose another session length on their profile.
          </Alert>
        )}
        <Stepper active={step} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label="Date & Time" description="Choose a slot">
            <Paper withBorder p="lg" radius="md" mt="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
                  <div>
                    <Title order={2} size="h4" mb="sm">
                      Select a Date
                    </Title>
                    <DatePicker
                      value={date}
                      onChange={(value) => {
                        setDate(value);
                        setTime(null);
                      }}
                      minDate={today}
                      maxDate={lastBookableDate(today)}
                      defaultDate={today}
                      aria-label="Consultation date"
                      // Every day is a working day for a Seer; weekend red would also fail contrast.
                      weekendDays={[]}
                      ariaLabels={{
                        previousMonth: "Previous month",
                        nextMonth: "Next month",
                        monthLevelControl: "Choose a month",
                        previousYear: "Previous year",
                        nextYear: "Next year",
                        yearLevelControl: "Choose a year",
                        previousDecade: "Previous decade",
                        nextDecade: "Next decade",
                      }}
                    />
                  </div>
                  <div>
                    <Title order={2} size="h4" mb="sm">
                      Select a Time
                    </Title>
                    <Text size="sm" c="dimmed" mb="sm">
                      Times are in your timezone ({timeZone}).
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
                            onClick={() => setTime(slot)}
                          >
                            {slot}
                          </Button>
                        );
                      })}
                    </SimpleGrid>
                  </div>
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button onClick={toReview} disabled={!price}>
                    Continue
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stepper.Step>
          <Stepper.Step label="Review" description="Check and add notes">
            <Paper withBorder p="lg" radius="md" mt="md">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Review Your Booking
                </Title>
                <SimpleGrid cols={2} spacing="xs">
                  <Text fw={600}>Seer</Text>
                  <Text>{seer.data.fullName}</Text>
                  <Text fw={600}>Session</Text>
                  <Text>{minutes} minutes</Text>
                  <Text fw={600}>Date</Text>
                  <Text>{date ? formatCalendarDate(date) : ""}</Text>
                  <Text fw={600}>Time</Text>
                  <Text>
                    {time} ({timeZone})
                  </Text>
                  <Text fw={600}>Total</Text>
                  <Text>{price ? formatMoney(price) : ""}</Text>
                </SimpleGrid>
                <Textarea
                  label="Session Notes (Optional)"
                  description="Anything you would like your Seer to know before the session."
                  rows={3}
                  maxLength={2000}
                  value={notes}
                  onChange={(e) => setNotes(e.currentTarget.value)}
                />
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)} disabled={createIntent.isPending}>
                    Back
                  </Button>
                  <Button onClick={startPayment} disabled={createIntent.isPending}>
                    {createIntent.isPending ? "Processing..." : "Continue to Payment"}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stepper.Step>
          <Stepper.Step label="Payment" description="Pay by card">
            <Paper withBorder p="lg" radius="md" mt="md">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Payment Information
                </Title>
                {payment && (
                  <CardPaymentForm
                    clientSecret={payment.clientSecret}
                    returnPath="/booking-success"
                    onSuccess={onPaid}
                    submitLabel={`Pay ${formatMoney(payment.amount)}`}
                  />
                )}
              </Stack>
            </Paper>
          </Stepper.Step>
        </Stepper>
      </Stack>
    </Container>
  );
}
