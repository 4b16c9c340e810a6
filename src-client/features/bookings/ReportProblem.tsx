import { Button, Group, Modal, Paper, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { DISPUTE_REASONS, DISPUTE_TEXT_MAX, type DisputeReason, type DisputeStatus } from "../../../src/domain/disputes";
import { formatMoney, withThousands } from "../../../src/domain/money";
import type { MessageId } from "../../../src/i18n/messages/en";
import { answerDisputeSchema, reportProblemSchema } from "../../../src/schemas/disputes";
import { AnswerOnce } from "../../components/AnswerOnce";
import { notifyActionError } from "../../lib/actionError";
import { useI18n, type Translate } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

/** A booking's report as both cards show it. */
export interface CardDispute {
  reason: DisputeReason;
  text: string;
  status: DisputeStatus;
  seerAnswer: string | null;
  refundAmount: string | null;
  decisionReason: string | null;
}

/** A report's reason as the cards name it. */
const REASON_MESSAGES: Record<DisputeReason, MessageId> = {
  seer_absent: "sessions.reason.seer_absent",
  call_failed: "sessions.reason.call_failed",
  other: "sessions.reason.other",
};

/** docs/product.md#report-a-problem: what a report's state says, on the client's and the Seer's cards. */
function disputeOutcome(d: CardDispute, audience: "client" | "seer", t: Translate): string {
  // The team's reason is shown as written.
  const decided = (decision: string) => `${decision} ${d.decisionReason ?? ""}`.trim();
  switch (d.status) {
    case "open":
      return audience === "client" ? t("sessions.dispute.openClient") : t("sessions.dispute.openSeer");
    case "refunded":
      return decided(t("sessions.dispute.refunded"));
    case "partly_refunded":
      return decided(t("sessions.dispute.partlyRefunded", { amount: formatMoney(d.refundAmount ?? "0") }));
    case "released":
      return decided(t("sessions.dispute.released"));
  }
}

const wrap = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

/** The report on the client's card: the claim, the Seer's answer and the decision. */
export function ClientDisputeView({ dispute }: { dispute: CardDispute }) {
  const { t } = useI18n();
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="dispute">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t("sessions.dispute.reported", { reason: t(REASON_MESSAGES[dispute.reason]) })}
        </Text>
        <Text size="sm" style={wrap}>
          {dispute.text}
        </Text>
        {dispute.seerAnswer && (
          <Text size="sm" style={wrap}>
            {t("sessions.dispute.seerAnswered", { answer: dispute.seerAnswer })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {disputeOutcome(dispute, "client", t)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The client reports a problem with a completed session: one of three reasons, and what happened. */
export function ReportProblemDialog({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const [reason, setReason] = useState<string>("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const report = trpc.bookings.reportProblem.useMutation();
  const submit = () => {
    const parsed = reportProblemSchema.safeParse({ bookingId, reason, text });
    if (!parsed.success) {
      const found: { reason?: string; text?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "reason" || field === "text") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    report.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t("sessions.dispute.sent"), message: t("sessions.dispute.sentText") }, "success");
        void utils.bookings.invalidate();
        onClose();
      },
      onError: notifyActionError,
    });
  };
  return (
    <Modal opened onClose={onClose} title={t("sessions.report")} centered>
      <Stack gap="md">
        <Radio.Group label={t("sessions.dispute.whatWentWrong")} required value={reason} onChange={setReason} error={errors.reason}>
          <Stack gap="xs" mt="xs">
            {DISPUTE_REASONS.map((r) => (
              <Radio key={r} value={r} label={t(REASON_MESSAGES[r])} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t("sessions.dispute.whatHappened")}
          required
          description={t("sessions.characters", { count: withThousands(text.length), max: withThousands(DISPUTE_TEXT_MAX) })}
          rows={4}
          value={text}
          error={errors.text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t("sessions.dispute.held")}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={report.isPending}>
            {t("booking.back")}
          </Button>
          <Button onClick={submit} loading={report.isPending}>
            {t("sessions.dispute.send")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The report on the Seer's card: the client's claim, and the Seer's one answer while it is open. */
export function SeerDisputeAnswer({ bookingId, dispute }: { bookingId: string; dispute: CardDispute }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const post = trpc.bookings.answerDispute.useMutation();
  const submit = (answer: string, close: () => void) => {
    const parsed = answerDisputeSchema.safeParse({ bookingId, answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("sessions.dispute.writeAnswer"));
      return;
    }
    setError(null);
    post.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t("sessions.dispute.answerSent"), message: t("sessions.dispute.answerSentText") }, "success");
        close();
        void utils.bookings.seerSessions.invalidate();
      },
      onError: notifyActionError,
    });
  };
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="dispute">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("sessions.dispute.reportedToSeer", { reason: t(REASON_MESSAGES[dispute.reason]) })}
        </Text>
        <Text size="sm" style={wrap}>
          {dispute.text}
        </Text>
        <Text size="sm" c="dimmed">
          {disputeOutcome(dispute, "seer", t)}
        </Text>
        {dispute.seerAnswer ? (
          <Text size="sm" style={wrap}>
            {t("sessions.dispute.yourAnswer", { answer: dispute.seerAnswer })}
          </Text>
        ) : dispute.status !== "open" ? null : (
          <AnswerOnce
            label={t("sessions.dispute.answerLabel")}
            description={t("sessions.dispute.answerNote")}
            openLabel={t("sessions.dispute.answer")}
            sendLabel={t("sessions.dispute.sendAnswer")}
            pending={post.isPending}
            error={error}
            onSend={submit}
          />
        )}
      </Stack>
    </Paper>
  );
}
