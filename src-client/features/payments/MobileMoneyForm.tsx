import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { TEST_MOBILE_MONEY } from "../../../src/domain/mobile-money";
import { notifyActionError } from "../../lib/actionError";
import { isUnauthorizedError } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/** How often the page asks whether the phone has answered. */
export const MOBILE_MONEY_POLL_MS = 2000;
/** Failed asks in a row after which the page stops waiting and says so. */
const POLL_FAILURES_TOLERATED = 3;

type Phase = "idle" | "sending" | "waiting" | "answering" | "paid";
interface Outcome {
  status: string;
  message: string | null;
}

/** A field's message from a refused input (the number), if that is why the server refused. */
function fieldMessage(error: { data?: { zodError?: unknown } | null }): string | undefined {
  const zodError = error.data?.zodError as { fieldErrors?: Record<string, string[] | undefined> } | null | undefined;
  return zodError?.fieldErrors ? Object.values(zodError.fieldErrors).flat()[0] : undefined;
}

/** The test mode's phone (docs/product.md#mobile-money): answers the waiting prompt as the client's phone would. */
function TestPhone({ waiting, busy, onAnswer }: { waiting: boolean; busy: boolean; onAnswer: (approve: boolean) => void }) {
  const { t } = useI18n();
  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label={t("payment.testPhone")}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t("payment.testPhone")}
        </Text>
        <Group gap="xs">
          <Button size="xs" color="green" disabled={!waiting || busy} onClick={() => onAnswer(true)}>
            {t("payment.approve")}
          </Button>
          <Button size="xs" color="red" variant="light" disabled={!waiting || busy} onClick={() => onAnswer(false)}>
            {t("payment.decline")}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t("payment.testPhoneNote", { digits: TEST_MOBILE_MONEY.declines })}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * docs/product.md#mobile-money: the client's number, the prompt sent to it, and the wait for the phone's answer
 * (asked every 2 s). Approved: `onSuccess` with the intent's id; declined or timed out: the reason, and `Try again`.
 */
export function MobileMoneyForm({
  clientSecret,
  paymentIntentId,
  testMode,
  onSuccess,
}: {
  clientSecret: string;
  paymentIntentId: string;
  testMode: boolean;
  onSuccess: (paymentIntentId: string) => void;
}) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const start = trpc.payments.startMobileMoney.useMutation();
  const answer = trpc.payments.answerTestPhone.useMutation();
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const paid = useRef(false);

  const settle = (outcome: Outcome) => {
    if (paid.current) return;
    if (outcome.status === "succeeded" || outcome.status === "processing") {
      paid.current = true;
      setPhase("paid");
      onSuccess(paymentIntentId);
    } else if (outcome.status === "requires_action") {
      setPhase("waiting");
    } else {
      setFailure(outcome.message ?? t("payment.notCompleted"));
      setPhase("idle");
    }
  };
  const onPolled = useEffectEvent((outcome: Outcome) => settle(outcome));

  useEffect(() => {
    if (phase !== "waiting") return;
    let failures = 0;
    let stopped = false;
    const timer = window.setInterval(() => {
      utils.client.payments.mobileMoneyState
        .query({ clientSecret })
        .then((outcome) => {
          failures = 0;
          if (!stopped) onPolled(outcome);
        })
        .catch((error: { message: string }) => {
          failures += 1;
          if (stopped || (!isUnauthorizedError(error) && failures < POLL_FAILURES_TOLERATED)) return;
          stopped = true;
          setPhase("idle");
          notifyActionError(error);
        });
    }, MOBILE_MONEY_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [phase, clientSecret, utils]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPhoneError(null);
    setPhase("sending");
    start.mutate(
      { clientSecret, phone },
      {
        onSuccess: settle,
        onError: (error) => {
          setPhase("idle");
          const field = fieldMessage(error);
          if (field) setPhoneError(field);
          else notifyActionError(error);
        },
      },
    );
  };

  const onAnswer = (approve: boolean) => {
    setPhase("answering");
    answer.mutate(
      { clientSecret, approve },
      {
        onSuccess: settle,
        onError: (error) => {
          setPhase("waiting");
          notifyActionError(error);
        },
      },
    );
  };

  const waiting = phase === "waiting" || phase === "answering";
  const busy = phase !== "idle";
  return (
    <Stack gap="sm">
      <form onSubmit={onSubmit} aria-label={t("payment.mobileMoneyForm")}>
        <Stack gap="sm">
          <TextInput
            label={t("payment.mobileMoneyNumber")}
            inputMode="tel"
            type="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={phoneError}
            disabled={busy}
          />
          {failure && (
            <Alert role="alert" color="red" variant="light" title={t("payment.failed")} icon={<IconAlertCircle aria-hidden />}>
              {failure}
            </Alert>
          )}
          {waiting || phase === "paid" ? (
            <Group gap="sm" wrap="nowrap" role="status">
              <Loader size="sm" aria-hidden />
              <Text fw={500}>{t("payment.approveOnPhone")}</Text>
            </Group>
          ) : (
            <Button type="submit" size="md" disabled={busy}>
              {phase === "sending" ? t("payment.sending") : failure ? t("payment.tryAgain") : t("payment.sendPrompt")}
            </Button>
          )}
        </Stack>
      </form>
      {testMode && <TestPhone waiting={phase === "waiting"} busy={phase === "answering"} onAnswer={onAnswer} />}
    </Stack>
  );
}
