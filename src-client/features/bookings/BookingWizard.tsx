import { Alert, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Stepper, Text, Textarea, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import {
  SESSION_MINUTES,
  dateInTimeZone,
  lastBookableDate,
  sessionPriceField,
  type SessionType,
} from "../../../src/domain/consultations";
import { formatMoney } from "../../../src/domain/money";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { useI18n, type Translate } from "../../lib/i18n";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Currency } from "../../../src/domain/currencies";
import { PaymentMethods, changePaymentChoice, useOfferedChoice } from "../payments/PaymentMethods";
import { choiceCurrency, type PaymentChoice } from "../payments/payment-choice";
import { SeerNotFound } from "../seers/SeerNotFound";
import { formatCalendarDate } from "../../lib/format";
import { SlotPicker, detectTimeZone } from "./SlotPicker";
import type { BookingPayment } from "./types";
import { WIZARD_STEPS, type WizardPlace } from "./wizard-place";

/** The wizard's second step: what is being booked, the client's notes, and the way on to payment. */
function ReviewStep({
  seerName,
  minutes,
  date,
  time,
  timeZone,
  price,
  notes,
  onNotesChange,
  onBack,
  onContinue,
  pending,
}: {
  seerName: string;
  minutes: number;
  date: string | null;
  time: string | null;
  timeZone: string;
  price: string | null;
  notes: string;
  onNotesChange: (notes: string) => void;
  onBack: () => void;
  onContinue: () => void;
  pending: boolean;
}) {
  const { t } = useI18n();
  return (
    <Paper withBorder p="lg" radius="md" mt="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("booking.reviewTitle")}
        </Title>
        <SimpleGrid cols={2} spacing="xs">
          <Text fw={600}>{t("booking.seer")}</Text>
          <Text>{seerName}</Text>
          <Text fw={600}>{t("booking.session")}</Text>
          <Text>{t("booking.minutes", { minutes })}</Text>
          <Text fw={600}>{t("booking.date")}</Text>
          <Text>{date ? formatCalendarDate(date) : ""}</Text>
          <Text fw={600}>{t("booking.time")}</Text>
          <Text>{time ? t("booking.timeInZone", { time, timeZone }) : ""}</Text>
          <Text fw={600}>{t("booking.total")}</Text>
          <Text>{price ? formatMoney(price) : ""}</Text>
        </SimpleGrid>
        <Textarea
          label={t("booking.notes")}
          description={t("booking.notesText")}
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(e) => onNotesChange(e.currentTarget.value)}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={pending}>
            {t("booking.back")}
          </Button>
          <Button onClick={onContinue} disabled={pending}>
            {pending ? t("booking.processing") : t("booking.toPayment")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The wizard's last step: card in US dollars (the card form), or a local currency by mobile money
 * (docs/product.md#mobile-money), for this page's payment intent in the chosen currency.
 */
function PaymentStep({
  payment,
  choice,
  onChoice,
  updating,
  onPaid,
}: {
  payment: BookingPayment | null;
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
  updating: boolean;
  onPaid: (paymentIntentId: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Paper withBorder p="lg" radius="md" mt="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("booking.paymentTitle")}
        </Title>
        <PaymentMethods
          payment={payment}
          choice={choice}
          onChoice={onChoice}
          updating={updating}
          onPaid={onPaid}
          returnPath="/booking-success"
        />
      </Stack>
    </Paper>
  );
}

type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/** Back to the date step, the slot given up and the taken slots asked again. */
function toSlots(onPlace: (patch: Partial<WizardPlace>, options: { replace: boolean }) => void, utils: TrpcUtils) {
  onPlace({ step: "date", time: undefined }, { replace: false });
  void utils.bookings.takenSlots.invalidate();
}

/** A payment intent refused: sign in again, the slot taken meanwhile (then `toSlots`), or the generic failure. */
function intentRefused(error: { message: string; data?: { code?: string } | null }, toSlots: () => void, t: Translate) {
  const failed = { title: t("booking.error"), message: t("booking.createPaymentFailed") };
  if (isUnauthorizedError(error)) {
    notify(messages.unauthorized, "destructive");
    redirectToLogin();
  } else if (error.data?.code === "CONFLICT") {
    // Someone else took the slot meanwhile: say so, and let the client choose another.
    notify({ title: failed.title, message: error.message }, "destructive");
    toSlots();
  } else {
    notify(failed, "destructive");
  }
}

/**
 * docs/product.md#routes-and-screens /book/{id}: date and slot, review with notes, payment by card or mobile money. A step is a new
 * history entry; choosing a date or time replaces the current one. The payment step needs this page's payment
 * intent, so a reload there shows the review again.
 */
export function BookingWizard({
  seerId,
  sessionType,
  place,
  onPlace,
}: {
  seerId: string;
  sessionType: SessionType;
  place: WizardPlace;
  onPlace: (patch: Partial<WizardPlace>, options: { replace: boolean }) => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const timeZone = useMemo(() => detectTimeZone(), []);
  const [notes, setNotes] = useState("");
  const [payment, setPayment] = useState<BookingPayment | null>(null);
  const date = place.date ?? null;
  const time = place.time ?? null;
  const step = place.step === "payment" && payment ? 2 : place.step && place.step !== "date" && date && time ? 1 : 0;
  const setStep = (index: number) => onPlace({ step: WIZARD_STEPS[index] ?? "date" }, { replace: false });
  const setDate = (value: string | null) => onPlace({ date: value ?? undefined, time: undefined }, { replace: true });
  const setTime = (value: string | null) => onPlace({ time: value ?? undefined }, { replace: true });

  const seer = trpc.seers.byId.useQuery({ id: seerId });
  const createIntent = trpc.bookings.createPaymentIntent.useMutation();
  const [choice, setChoice] = useOfferedChoice();

  if (seer.isPending) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label={t("booking.loading")} />
      </Container>
    );
  }
  if (!seer.data) return <SeerNotFound />;

  const price = seer.data[sessionPriceField(sessionType)];
  const minutes = SESSION_MINUTES[sessionType];
  const toReview = () => {
    if (!date || !time) {
      notify({ title: t("booking.selectionRequired"), message: t("booking.selectionRequiredText") }, "destructive");
      return;
    }
    setStep(1);
  };

  /** Asks for the slot's payment intent in `currency` (again: the server swaps the hold's currency). */
  const askIntent = (currency: Currency, onAsked: (came: boolean) => void) => {
    if (!date || !time || !price) return;
    createIntent.mutate(
      { seerId, sessionType, scheduledDate: date, scheduledTime: time, notes, clientTimezone: timeZone, amount: price, currency },
      {
        onSuccess: (result) => {
          setPayment(result);
          onAsked(true);
        },
        onError: (error) => {
          onAsked(false);
          intentRefused(error, () => toSlots(onPlace, utils), t);
        },
      },
    );
  };
  const startPayment = () => askIntent(choiceCurrency(choice) ?? "USD", (came) => came && setStep(2));
  const changeChoice = (next: PaymentChoice) =>
    changePaymentChoice(next, {
      payment,
      setChoice,
      ask: askIntent,
      // Refused, the hold may be gone: back to the review, whose Continue asks afresh as before.
      onRefused: () => {
        setPayment(null);
        onPlace({ step: "review" }, { replace: true });
      },
    });

  const onPaid = (paymentIntentId: string) => {
    notify({ title: t("booking.paid"), message: t("booking.paidText") }, "success");
    void utils.bookings.invalidate();
    void navigate({ to: "/booking-success", search: { payment_intent: paymentIntentId } });
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("booking.title")}</Title>
          <Text c="dimmed">
            {t("booking.subtitle", { minutes, name: seer.data.fullName })}
            {price ? ` · ${formatMoney(price)}` : ""}
          </Text>
        </div>
        {!price && (
          <Alert color="red" title={t("booking.unavailable")}>
            {t("booking.unavailableText", { minutes })}
          </Alert>
        )}
        <Stepper active={step} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t("booking.step.date")} description={t("booking.step.dateText")}>
            <Paper withBorder p="lg" radius="md" mt="md">
              <Stack gap="md">
                <SlotPicker
                  seerId={seerId}
                  sessionType={sessionType}
                  timeZone={timeZone}
                  date={date}
                  time={time}
                  onDateChange={setDate}
                  onTimeChange={setTime}
                  maxDate={lastBookableDate(dateInTimeZone(new Date(), timeZone), seer.data.horizonDays)}
                />
                <Group justify="flex-end">
                  <Button onClick={toReview} disabled={!price}>
                    {t("booking.continue")}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stepper.Step>
          <Stepper.Step label={t("booking.step.review")} description={t("booking.step.reviewText")}>
            <ReviewStep
              seerName={seer.data.fullName}
              minutes={minutes}
              date={date}
              time={time}
              timeZone={timeZone}
              price={price}
              notes={notes}
              onNotesChange={setNotes}
              onBack={() => setStep(0)}
              onContinue={startPayment}
              pending={createIntent.isPending}
            />
          </Stepper.Step>
          <Stepper.Step label={t("booking.step.payment")} description={t("booking.step.paymentText")}>
            <PaymentStep
              payment={payment}
              choice={choice}
              onChoice={changeChoice}
              updating={createIntent.isPending}
              onPaid={onPaid}
            />
          </Stepper.Step>
        </Stepper>
      </Stack>
    </Container>
  );
}
